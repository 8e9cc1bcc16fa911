import { Webhook } from 'standardwebhooks';
import { isEvent, VoiceClient, verifyWebhook, WebhookVerificationError } from '../src/index.js';
import { SseDecoder } from '../src/core/sse.js';

const secret = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
const apiKey = 'vk_receiverKey';

/** A delivery signed by the reference Standard Webhooks library, as the service signs them. */
function signed(envelope: object, { at = new Date(), key = apiKey, sign = secret } = {}) {
  const body = JSON.stringify(envelope);
  const id = (envelope as { deliveryId: string }).deliveryId;
  return {
    body,
    headers: {
      authorization: `Bearer ${key}`,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(sign).sign(id, at, body),
    } as Record<string, string>,
  };
}

const completed = {
  event: 'call.completed',
  deliveryId: 'dlv_1',
  occurredAt: '2026-11-22T10:00:00.000Z',
  data: { callId: 'call_1', durationSec: 42, endedReason: 'customer-ended-call', sequence: 3 },
};

describe('webhook verification', () => {
  it('returns the typed event of a valid delivery (string, Buffer, Headers, any header case)', () => {
    const { body, headers } = signed(completed);
    const event = verifyWebhook(body, headers, { secret, apiKey });
    expect(event).toEqual(completed);
    if (!isEvent(event, 'call.completed')) throw new Error('narrowing');
    expect(event.data.durationSec).toBe(42);
    expect(verifyWebhook(Buffer.from(body), new Headers(headers), { secret })).toEqual(completed);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    const client = new VoiceClient({ apiKey: 'vk_other', baseUrl: 'http://127.0.0.1:1' });
    expect(client.webhooks.verify(body, upper, { secret, apiKey })).toEqual(completed);
  });

  it('passes unknown events and fields through untouched', () => {
    const future = { ...completed, event: 'call.transferred', data: { callId: 'c', to: '+1' }, extra: [1] };
    const { body, headers } = signed(future);
    const event = verifyWebhook(body, headers, { secret });
    expect(event).toEqual(future);
    expect(isEvent(event, 'call.completed')).toBe(false);
  });

  it.each([
    ['a changed body', (d: ReturnType<typeof signed>) => ({ ...d, body: d.body.replace('42', '43') })],
    ['another secret', () => signed(completed, { sign: 'whsec_' + Buffer.alloc(32, 1).toString('base64') })],
    ['a timestamp 10 minutes old', () => signed(completed, { at: new Date(Date.now() - 600_000) })],
    ['a timestamp 10 minutes ahead', () => signed(completed, { at: new Date(Date.now() + 600_000) })],
    ['another Bearer key', () => signed(completed, { key: 'vk_someoneElse' })],
    [
      'no signature header',
      (d: ReturnType<typeof signed>) => ({ ...d, headers: { ...d.headers, 'webhook-signature': '' } }),
    ],
    [
      'a v2 signature only',
      (d: ReturnType<typeof signed>) => ({
        ...d,
        headers: { ...d.headers, 'webhook-signature': d.headers['webhook-signature'].replace('v1,', 'v2,') },
      }),
    ],
  ])('refuses %s with WebhookVerificationError', (_what, tamper) => {
    const { body, headers } = tamper(signed(completed));
    expect(() => verifyWebhook(body, headers, { secret, apiKey })).toThrow(WebhookVerificationError);
  });

  it('accepts any of several signatures (a rotated secret) and refuses parsed JSON', () => {
    const { body, headers } = signed(completed);
    headers['webhook-signature'] = `v1,bm90IGl0 ${headers['webhook-signature']}`;
    expect(verifyWebhook(body, headers, { secret })).toEqual(completed);
    expect(() => verifyWebhook(JSON.parse(body), headers, { secret })).toThrow(/raw request body/);
  });
});

describe('SseDecoder', () => {
  it('decodes fields, multi-line data, comments and every line ending, across any chunking', () => {
    const text =
      'retry: 2000\r\n\r\n: heartbeat\n\nid: e1\nevent: call.started\ndata: {"a":\ndata: 1}\n\n' +
      'id: e2\rdata: two\r\rdata:three\r\n\r\n';
    const expected = [
      { id: 'e1', event: 'call.started', data: '{"a":\n1}' },
      { id: 'e2', event: 'message', data: 'two' },
      { id: 'e2', event: 'message', data: 'three' },
    ];
    for (let size = 1; size <= text.length; size++) {
      const decoder = new SseDecoder();
      const messages = [];
      for (let i = 0; i < text.length; i += size) messages.push(...decoder.push(text.slice(i, i + size)));
      expect({ size, messages }).toEqual({ size, messages: expected });
      expect(decoder.retryMs).toBe(2000);
    }
  });
});
