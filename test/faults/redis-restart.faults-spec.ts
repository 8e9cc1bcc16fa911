import { startRedis } from '../support/processes';
import { Stack } from '../support/stack';

/** Scenario 2: Redis restarts with no persistence in the middle of a load: every job is gone. */
jest.setTimeout(180_000);

describe('fault: Redis restarted empty mid-load', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start();
  });
  afterAll(() => stack.stop());

  it('every accepted call ends and every event is delivered', async () => {
    const hook = await stack.receiver();
    const calls: string[] = [];
    for (let i = 0; i < 10; i++) calls.push((await stack.startCall(i)).callId!);
    const port = Number(new URL(stack.redis.url).port);
    await stack.redis.stop();
    // calls accepted while Redis is down: the gateway answers from PostgreSQL
    for (let i = 10; i < 13; i++) {
      const res = await stack.startCall(i);
      expect(res.status).toBe(201);
      calls.push(res.callId!);
    }
    stack.redis = await startRedis(port);
    for (let i = 13; i < 16; i++) calls.push((await stack.startCall(i)).callId!);
    await stack.audit(calls, [hook]);
  });
});
