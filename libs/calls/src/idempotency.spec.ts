import { IDEMPOTENCY_KEY_PATTERN, startCallRequestHash } from './idempotency';

describe('start-call idempotency', () => {
  const base = { agentId: 'agent_1', to: '+14155552671', metadata: { a: 1, b: { c: [1, 2], d: 'x' } } };

  it('treats metadata with keys in another order as the same request', () => {
    const reordered = { to: '+14155552671', metadata: { b: { d: 'x', c: [1, 2] }, a: 1 }, agentId: 'agent_1' };
    expect(startCallRequestHash(reordered)).toBe(startCallRequestHash(base));
  });

  it('tells requests apart by assistant, number, metadata and array order', () => {
    const hashes = [
      base,
      { ...base, agentId: 'agent_2' },
      { ...base, to: '+14155552672' },
      { ...base, metadata: { a: 2, b: base.metadata.b } },
      { ...base, metadata: { a: 1, b: { c: [2, 1], d: 'x' } } },
      { ...base, metadata: null },
    ].map(startCallRequestHash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('treats absent and null metadata alike', () => {
    expect(startCallRequestHash({ agentId: 'a', to: '+1' })).toBe(
      startCallRequestHash({ agentId: 'a', to: '+1', metadata: null }),
    );
  });

  it.each([
    ['abc-123', true],
    ['x'.repeat(255), true],
    ['', false],
    ['x'.repeat(256), false],
    ['has space', false],
    ['é', false],
  ])('key %j valid: %s', (key, valid) => expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(valid));
});
