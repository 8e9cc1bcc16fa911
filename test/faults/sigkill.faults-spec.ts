import { PrismaService } from '@app/db';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { as } from '../support/gateway';
import { waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';
import { Stack } from '../support/stack';

/**
 * Scenario 3: SIGKILL of the call-engine and of the dispatcher during a burst, then restarts; and
 * of the engine while inbound calls ring, wait for their assistant and talk.
 */
jest.setTimeout(180_000);

describe('fault: SIGKILL engine and dispatcher mid-burst', () => {
  let stack: Stack;
  beforeAll(async () => {
    process.env.CAMPAIGN_TICK_MS = '100';
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
    // The live-call count is derived from the rows: nothing leaked by the kills.
    const { body } = await as(stack.fixtures, stack.ws.keys.viewer).get('/api/core/voice/concurrency');
    expect(body.live).toBe(await prisma.call.count({ where: { status: { in: ['ringing', 'in_progress'] } } }));
    expect(body.live).toBe(0);
  });

  it('inbound calls ringing, choosing their assistant and talking survive a SIGKILL of the engine', async () => {
    const hook = await stack.receiver(() => ({ status: 200 }));
    const chooser = await Receiver.http();
    stack.receivers.push(chooser);
    chooser.behaviour = () => ({ status: 200, json: { agentId: stack.agentId }, delayMs: 150 });
    const admin = as(stack.fixtures, stack.ws.keys.admin);
    const direct = (await admin.post('/api/core/voice/number', { agentId: stack.agentId })).body.number;
    const asking = (await admin.post('/api/core/voice/number', { assistantRequestUrl: chooser.url })).body.number;
    const callers = ['+14155559001', SIMULATOR_NUMBERS.dropsMidCall, SIMULATOR_NUMBERS.hangsUpWhileRinging];
    const ring = (i: number) => stack.ring(i % 2 ? asking : direct, callers[i % callers.length]);
    const calls = await Promise.all(Array.from({ length: 20 }, (_, i) => ring(i)));
    const prisma = stack.fixtures.get(PrismaService);
    const ids = calls.filter((c): c is string => c !== null);
    expect(ids).toHaveLength(20);
    await waitFor(
      'calls ringing and talking',
      async () => (await prisma.call.count({ where: { id: { in: ids }, status: 'in_progress' } })) >= 3,
      20000,
      10,
    );
    await stack.engines[stack.engines.length - 1].kill('SIGKILL');
    for (let i = 20; i < 24; i++) ids.push((await ring(i))!);
    await stack.addEngine();
    await stack.audit(ids, [hook]);
    const final = await prisma.call.findMany({ where: { id: { in: ids } } });
    expect(final.every((c) => c.direction === 'inbound' && ['completed', 'failed'].includes(c.status))).toBe(true);
    expect(final.filter((c) => c.to === asking).every((c) => c.assistantId === stack.agentId)).toBe(true);
  });

  it('a campaign survives a SIGKILL of the engine: no recipient over its attempts, none left undialled', async () => {
    const admin = as(stack.fixtures, stack.ws.keys.admin);
    const recipients = [
      ...Array.from({ length: 36 }, (_, i) => ({ to: `+1415555${7100 + i}` })),
      { to: SIMULATOR_NUMBERS.busy },
      { to: SIMULATOR_NUMBERS.noAnswer },
    ];
    const retry = { on: ['busy', 'no-answer'], maxAttempts: 2, delaySec: 0 };
    const created = await admin.post('/api/core/voice/campaign', {
      name: 'Survivor',
      agentId: stack.agentId,
      recipients,
      maxConcurrency: 4,
      retry,
    });
    expect(created.status).toBe(201);
    const campaignId = created.body.campaignId;
    const prisma = stack.fixtures.get(PrismaService);
    await waitFor('dials under way', async () => (await prisma.call.count({ where: { campaignId } })) >= 6, 20000, 10);
    await stack.engines[stack.engines.length - 1].kill('SIGKILL');
    await stack.addEngine();
    await waitFor(
      'the campaign to complete',
      async () => (await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).status === 'completed',
      60000,
      100,
    );
    const rows = await prisma.campaignRecipient.findMany({ where: { campaignId } });
    const calls = await prisma.call.findMany({ where: { campaignId } });
    expect(rows).toHaveLength(38);
    for (const r of rows) {
      expect(['completed', 'busy', 'no-answer']).toContain(r.outcome);
      expect(r.attempts).toBeGreaterThanOrEqual(1);
      expect(r.attempts).toBeLessThanOrEqual(r.outcome === 'completed' ? 1 : 2);
      expect(r.callIds).toHaveLength(r.attempts);
    }
    expect(calls).toHaveLength(rows.reduce((n, r) => n + r.attempts, 0));
    expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
    await stack.audit(
      calls.map((c) => c.id),
      [],
    );
  });
});
