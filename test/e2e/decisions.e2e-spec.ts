import type { INestApplication } from '@nestjs/common';
import { CampaignRunnerRepository } from '@app/campaigns';
import { PrismaService } from '@app/db';
import { decideAfterAttempt, WebhookDeliveriesRepository, webhookHealthChange, type RetryPolicy } from '@app/webhooks';
import { WorkspacesRepository } from '@app/workspaces';
import { as, createAssistant, createWorkspace, forceCallStatus, startGateway } from '../support/gateway';

/**
 * Issue 24: the two decision-heavy pieces as services against the real database, with no engine
 * or dispatcher process and a clock the test holds: a campaign runner's pass, and what one
 * delivery attempt writes.
 */
describe('decisions against the database', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await startGateway();
  });
  afterAll(() => app.close());

  it('a campaign pass dials within the limit less the inbound reserve, settles calls, skips listed ones', async () => {
    const ws = await createWorkspace(app, 'runner');
    await app.get(WorkspacesRepository).setLimits(ws.workspaceId, { liveCallLimit: 3, reservedForInbound: 1 });
    const { agentId } = await createAssistant(app, ws.keys.admin);
    await as(app, ws.keys.admin).post('/api/core/dnc', { number: '+14155550105' });
    const numbers = ['+14155550101', '+14155550102', '+14155550103', '+14155550104', '+14155550105'];
    const created = await as(app, ws.keys.member).post('/api/core/voice/campaign', {
      name: 'Pass by pass',
      agentId,
      recipients: numbers.map((to) => ({ to })),
      maxConcurrency: 5,
    });
    expect(created.status).toBe(201);
    const campaignId: string = created.body.campaignId;
    const runner = app.get(CampaignRunnerRepository);
    const now = new Date();

    // first pass: started, two dialled (limit 3 less the reserve of 1)
    const first = (await runner.step(campaignId, now))!;
    expect(first.status).toBe('running');
    expect(first.events.map((e) => e.type)).toEqual(['campaign.started']);
    expect(first.callIds).toHaveLength(2);
    // nothing more while both ring
    expect((await runner.step(campaignId, now))!.callIds).toEqual([]);

    // both end: their recipients settle, and the next two are dialled
    await forceCallStatus(app, first.callIds[0], 'completed');
    await forceCallStatus(app, first.callIds[1], 'failed');
    const second = (await runner.step(campaignId, now))!;
    expect(second.callIds).toHaveLength(2);
    const outcomes = await app.get(PrismaService).campaignRecipient.findMany({
      where: { campaignId },
      select: { to: true, outcome: true },
      orderBy: { to: 'asc' },
    });
    // the last recipient is on the do-not-call list: it ends as dnc when its turn comes, never dialled
    expect(outcomes.map((r) => r.outcome)).toEqual(['completed', 'failed', 'calling', 'calling', 'dnc']);
    for (const id of second.callIds) await forceCallStatus(app, id, 'completed');
    const third = (await runner.step(campaignId, now))!;
    expect(third.callIds).toEqual([]);
    expect(third.status).toBe('completed');
    const last = await app.get(PrismaService).campaignRecipient.findFirstOrThrow({
      where: { campaignId, to: '+14155550105' },
    });
    expect(last).toMatchObject({ outcome: 'dnc', attempts: 0 });
  });

  it('an attempt writes its delivery and, only when its health changes, its webhook', async () => {
    const ws = await createWorkspace(app, 'attempts');
    const { agentId } = await createAssistant(app, ws.keys.admin);
    const hook = await as(app, ws.keys.admin).post('/api/core/webhook', {
      url: 'https://example.com/hook',
      events: ['call.started'],
    });
    const call = await as(app, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' });
    const prisma = app.get(PrismaService);
    const event = await prisma.callEvent.findFirstOrThrow({ where: { callId: call.body.callId } });
    const deliveries = app.get(WebhookDeliveriesRepository);
    const [round] = (await deliveries.fanOut(event.id, 3)).pending;
    const policy: RetryPolicy = { baseMs: 1000, maxMs: 10_000, disableAfterMs: 60_000 };
    const webhook = () => prisma.webhook.findUniqueOrThrow({ where: { id: hook.body.webhookId } });
    const delivery = () => prisma.webhookDelivery.findUniqueOrThrow({ where: { id: round.id } });
    const t0 = Date.now();

    async function attempt(number: number, statusCode: number, at: number, limit = 3) {
      const { failingSince } = await webhook();
      const startedAt = new Date(at);
      const ok = statusCode < 300;
      const result = { ok, statusCode, retryAfterMs: null, startedAt };
      const outcome = decideAfterAttempt(result, { number, limit }, failingSince, policy, at, () => 0.5);
      const record = {
        number,
        startedAt,
        durationMs: 12,
        statusCode,
        errorClass: ok ? null : ('http-status' as const),
        responseBody: null,
      };
      const change = webhookHealthChange(outcome, failingSince, startedAt);
      await deliveries.recordAttempt(round.id, hook.body.webhookId, record, outcome, change);
      return { outcome, change };
    }

    // a 500: retried a second later (base), the webhook starts failing
    const a1 = await attempt(1, 500, t0);
    expect(a1.outcome).toEqual({ kind: 'retry', nextAttemptAt: new Date(t0 + 1000) });
    expect(await delivery()).toMatchObject({ status: 'pending', attemptCount: 1, lastError: 'http-status 500' });
    expect((await webhook()).failingSince).toEqual(new Date(t0));
    // another 500 while failing: the webhook row is not written again
    const a2 = await attempt(2, 500, t0 + 2000);
    expect(a2.change).toBeNull();
    expect(await delivery()).toMatchObject({ status: 'pending', attemptCount: 2 });
    // the last attempt succeeds: delivered, and the webhook is healthy again
    const a3 = await attempt(3, 200, t0 + 30_000);
    expect(a3.outcome).toEqual({ kind: 'succeeded' });
    expect(await delivery()).toMatchObject({ status: 'succeeded', attemptCount: 3, nextAttemptAt: null });
    expect((await webhook()).failingSince).toBeNull();
    expect(await prisma.deliveryAttempt.count({ where: { deliveryId: round.id } })).toBe(3);

    // failing for longer than disableAfterMs: the webhook is disabled with the reason it shows
    await prisma.webhook.update({ where: { id: hook.body.webhookId }, data: { failingSince: new Date(t0 - 120_000) } });
    await prisma.webhookDelivery.update({ where: { id: round.id }, data: { status: 'pending', attemptLimit: 6 } });
    const a4 = await attempt(4, 503, t0, 6);
    expect(a4.outcome).toMatchObject({ kind: 'retry', nextAttemptAt: null, disableWebhook: expect.any(String) });
    expect(await webhook()).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/fail/) });
  });
});
