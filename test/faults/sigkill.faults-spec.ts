import { PrismaService } from '@app/db';
import { waitFor } from '../support/isolation';
import { Stack } from '../support/stack';

/** Scenario 3: SIGKILL of the call-engine and of the dispatcher during a burst, then restarts. */
jest.setTimeout(180_000);

describe('fault: SIGKILL engine and dispatcher mid-burst', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start();
  });
  afterAll(() => stack.stop());

  it('after restarts, every call is final and every event delivered, none twice in the log', async () => {
    const hook = await stack.receiver(() => ({ status: 200, delayMs: 30 }));
    const calls = (await Promise.all(Array.from({ length: 20 }, (_, i) => stack.startCall(i)))).map((r) => r.callId!);
    const prisma = stack.fixtures.get(PrismaService);
    await waitFor(
      'work under way',
      async () => (await prisma.webhookDelivery.count({ where: { status: 'succeeded' } })) >= 5,
      20000,
      20,
    );
    await stack.engines[0].kill('SIGKILL');
    await stack.dispatchers[0].kill('SIGKILL');
    for (let i = 20; i < 24; i++) calls.push((await stack.startCall(i)).callId!);
    await stack.addEngine();
    await stack.addDispatcher();
    await stack.audit(calls, [hook]);
  });
});
