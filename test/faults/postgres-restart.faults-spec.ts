import { Stack } from '../support/stack';

/** Scenario 4: PostgreSQL restarts during a load. */
jest.setTimeout(180_000);

describe('fault: PostgreSQL restarted mid-load', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start();
  });
  afterAll(() => stack.stop());

  it(
    'meanwhile the gateway answers 503 with the error body within a bound (no hang, no 500s), then recovers ' +
      'by itself',
    async () => {
      const hook = await stack.receiver();
      const accepted: string[] = [];
      for (let i = 0; i < 5; i++) accepted.push((await stack.startCall(i)).callId!);

      stack.pg.stop();
      const during: { status: number; ms: number; body: unknown }[] = [];
      for (let i = 0; i < 6; i++) {
        const t0 = Date.now();
        const res = await stack.startCall(100 + i);
        during.push({ status: res.status, ms: Date.now() - t0, body: res.body });
      }
      for (const r of during) {
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({ code: 503, message: expect.stringMatching(/Temporarily unavailable/) });
        expect(r.ms).toBeLessThan(5000);
      }
      stack.pg.start();

      // recovers without a restart of any app
      let recovered = false;
      for (let i = 0; i < 100 && !recovered; i++) {
        const res = await stack.startCall(200 + i);
        expect([201, 503]).toContain(res.status);
        if (res.status === 201) {
          recovered = true;
          accepted.push(res.callId!);
        } else await new Promise((r) => setTimeout(r, 200));
      }
      expect(recovered).toBe(true);
      for (let i = 0; i < 4; i++) accepted.push((await stack.startCall(300 + i)).callId!);
      await stack.audit(accepted, [hook]);
    },
  );
});
