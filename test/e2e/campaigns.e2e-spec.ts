import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '@app/db';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';

const CAMPAIGNS = '/api/core/voice/campaign';
const numbers = (n: number, base = 1000) => Array.from({ length: n }, (_, i) => `+1415555${base + i}`);
const LIVE = ['ringing', 'in_progress'] as const;

/** Campaigns: pacing, windows, pause/resume/cancel, retries, do-not-call (issue 14). */
describe('campaigns', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let hooks: Receiver;
  let ws: TestWorkspace;
  let quick: string;
  let slow: string;
  let prisma: PrismaService;

  beforeAll(async () => {
    cleanup = await isolateSuite('campaigns');
    useFastSimulator();
    useFastDelivery();
    process.env.SIM_RING_MS = '50';
    process.env.CAMPAIGN_TICK_MS = '100';
    gateway = await startGateway();
    engine = await startEngine();
    dispatcher = await startDispatcher();
    hooks = await Receiver.http();
    prisma = gateway.get(PrismaService);
    ws = await createWorkspace(gateway, 'campaigns');
    quick = (await createAssistant(gateway, ws.keys.admin, { firstMessage: 'Hi.', script: [{ hangup: 'assistant' }] }))
      .agentId;
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const events = ['campaign.started', 'campaign.paused', 'campaign.completed'];
    expect((await as(gateway, ws.keys.admin).post('/api/core/webhook', { url: hooks.url, events })).status).toBe(201);
    slow = (await createAssistant(gateway, ws.keys.admin, { script: [{ say: long }, { hangup: 'assistant' }] }))
      .agentId;
  });
  afterAll(async () => {
    await dispatcher.close();
    await engine.close();
    await gateway.close();
    await hooks.close();
    await cleanup();
  });

  const member = () => as(gateway, ws.keys.member);
  async function create(body: object) {
    const res = await member().post(CAMPAIGNS, body);
    expect(res.status).toBe(201);
    return res.body as { campaignId: string; status: string; duplicates: string[] };
  }
  const read = async (id: string) => (await member().get(`${CAMPAIGNS}/${id}`)).body;
  const until = (id: string, status: string, ms = 60_000) =>
    waitFor(
      `campaign ${id} ${status}`,
      async () => ((await read(id)).status === status ? read(id) : undefined),
      ms,
      50,
    );
  /**
   * Waits for the campaign runner to make several passes (a sentinel campaign of one quick call
   * starts, dials, settles and completes: every pass covers every active campaign), so a test can
   * show that something did not happen without sleeping.
   */
  let sentinels = 0;
  async function runnerPasses() {
    const s = await create({ name: 'Sentinel', agentId: quick, recipients: [{ to: `+1415555${9300 + sentinels++}` }] });
    await until(s.campaignId, 'completed', 30_000);
  }
  const recipientsOf = async (id: string) =>
    (await member().get(`${CAMPAIGNS}/${id}/recipients?pageSize=100`)).body.list as {
      to: string;
      outcome: string;
      attempts: number;
      callIds: string[];
    }[];

  it('200 recipients at maxConcurrency 5: never more than 5 live, every recipient ends, counts add up', async () => {
    const to = numbers(200);
    const created = await create({
      name: 'Big list',
      agentId: quick,
      recipients: to.map((t) => ({ to: t, metadata: { t } })),
      maxConcurrency: 5,
    });
    let maxLive = 0;
    const sample = setInterval(async () => {
      const live = await prisma.call.count({ where: { campaignId: created.campaignId, status: { in: [...LIVE] } } });
      maxLive = Math.max(maxLive, live);
    }, 20);
    const done = await until(created.campaignId, 'completed', 120_000).finally(() => clearInterval(sample));
    expect(maxLive).toBeGreaterThan(0);
    expect(maxLive).toBeLessThanOrEqual(5);
    expect(done.total).toBe(200);
    expect(done.counts.completed).toBe(200);
    expect(Object.values(done.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(200);
    const calls = await prisma.call.findMany({ where: { campaignId: created.campaignId } });
    expect(calls).toHaveLength(200);
    const started = await prisma.callEvent.findFirst({ where: { callId: calls[0].id, type: 'call.started' } });
    expect(started!.data).toMatchObject({ campaignId: created.campaignId });
    const record = (await member().get(`/api/core/voice/call/${calls[0].id}`)).body;
    expect(record.campaignId).toBe(created.campaignId);
    // 200 simulated calls five at a time: over the default minute on a loaded machine (./scripts/test.sh, 2026-11-25)
  }, 180_000);

  it('refuses bad rows naming each one and creates nothing; collapses and reports duplicates', async () => {
    const before = (await member().get(`${CAMPAIGNS}/list`)).body.total;
    const bad = await member().post(CAMPAIGNS, {
      name: 'Bad',
      agentId: quick,
      recipients: [{ to: '+14155551000' }, { to: 'nope' }, { to: '+14155551001', timezone: 'Nowhere/City' }],
    });
    expectError(bad, 422, /2 recipient row\(s\) are invalid: recipients\[1\]: to must .*recipients\[2\]: timezone/);
    expectError(await member().post(CAMPAIGNS, { name: 'x', agentId: quick, recipients: [] }), 422, /empty/);
    expectError(await member().post(CAMPAIGNS, { name: 'x', agentId: quick }), 400, /recipients/);
    const badWindow = { window: { days: ['mon'], start: '18:00', end: '09:00' } };
    expectError(
      await member().post(CAMPAIGNS, {
        name: 'x',
        agentId: quick,
        recipients: [{ to: '+14155551000' }],
        schedule: badWindow,
      }),
      422,
      /window/,
    );
    // a year PostgreSQL cannot hold (it answered 500), and a date that is not ISO 8601
    for (const startAt of ['-200000-01-01T00:00:00Z', 'Dec 1 2026']) {
      expectError(
        await member().post(CAMPAIGNS, {
          name: 'x',
          agentId: quick,
          recipients: [{ to: '+14155551000' }],
          schedule: { startAt },
        }),
        422,
        /schedule.startAt must be an ISO 8601 timestamp/,
      );
    }
    expectError(
      await member().post(CAMPAIGNS, { name: 'x', agentId: 'agent_nope', recipients: [{ to: '+14155551000' }] }),
      404,
    );
    expect((await member().get(`${CAMPAIGNS}/list`)).body.total).toBe(before);
    const dup = await create({
      name: 'Dups',
      agentId: quick,
      recipients: [{ to: '+1 415 555 3000' }, { to: '+14155553000' }, { to: '+14155553001' }],
      schedule: { startAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(dup.duplicates).toEqual(['+14155553000']);
    expect((await read(dup.campaignId)).total).toBe(2);
    const added = await member().post(`${CAMPAIGNS}/${dup.campaignId}/recipients`, {
      recipients: [{ to: '+14155553001' }, { to: '+14155553002' }],
    });
    expect(added.body).toEqual({ added: 1, duplicates: ['+14155553001'] });
    await member().post(`${CAMPAIGNS}/${dup.campaignId}/cancel`);
  });

  it('a future start or a closed window dials nothing; the start then dials', async () => {
    const later = await create({
      name: 'Later',
      agentId: quick,
      recipients: [{ to: '+14155554000' }],
      schedule: { startAt: new Date(Date.now() + 1500).toISOString() },
    });
    expect(later.status).toBe('scheduled');
    expect(await prisma.call.count({ where: { campaignId: later.campaignId } })).toBe(0);
    const started = await until(later.campaignId, 'completed', 20_000);
    expect(new Date(started.startedAt).getTime()).toBeGreaterThanOrEqual(Date.now() - 20_000);

    const today = new Date().getUTCDay();
    const otherDay = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][(today + 3) % 7];
    const closed = await create({
      name: 'Closed',
      agentId: quick,
      recipients: [{ to: '+14155554001' }, { to: '+14155554002', timezone: 'Asia/Tokyo' }],
      schedule: { timezone: 'UTC', window: { days: [otherDay], start: '00:00', end: '23:59' } },
    });
    await waitFor('the campaign to run', async () => (await read(closed.campaignId)).status === 'running');
    await runnerPasses();
    expect(await prisma.call.count({ where: { campaignId: closed.campaignId } })).toBe(0);
    expect((await read(closed.campaignId)).counts.pending).toBe(2);
    await member().post(`${CAMPAIGNS}/${closed.campaignId}/cancel`);
  });

  it('pause stops new dials (live calls finish), resume continues, cancel marks the undialled cancelled', async () => {
    const c = await create({
      name: 'Paced',
      agentId: slow,
      recipients: numbers(12, 5000).map((to) => ({ to })),
      maxConcurrency: 2,
    });
    await waitFor('first dials', async () => (await prisma.call.count({ where: { campaignId: c.campaignId } })) >= 2);
    const paused = await member().post(`${CAMPAIGNS}/${c.campaignId}/pause`);
    expect(paused.body.status).toBe('paused');
    expectError(await member().post(`${CAMPAIGNS}/${c.campaignId}/pause`), 409, /paused/);
    await waitFor(
      'live calls to finish',
      async () => (await prisma.call.count({ where: { campaignId: c.campaignId, status: { in: [...LIVE] } } })) === 0,
      30_000,
    );
    const placed = await prisma.call.count({ where: { campaignId: c.campaignId } });
    await runnerPasses();
    expect(await prisma.call.count({ where: { campaignId: c.campaignId } })).toBe(placed);
    expect((await member().post(`${CAMPAIGNS}/${c.campaignId}/resume`)).body.status).toBe('running');
    await waitFor(
      'more dials',
      async () => (await prisma.call.count({ where: { campaignId: c.campaignId } })) > placed,
    );
    const cancelled = await member().post(`${CAMPAIGNS}/${c.campaignId}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    await waitFor('calling recipients to settle', async () => (await read(c.campaignId)).counts.calling === 0, 30_000);
    const final = await read(c.campaignId);
    expect(final.counts.cancelled).toBeGreaterThan(0);
    expect(final.counts.pending).toBe(0);
    expect(final.counts.completed + final.counts.cancelled).toBe(12);
    expectError(await member().post(`${CAMPAIGNS}/${c.campaignId}/resume`), 409);
    // Webhooks heard each step, in the campaign's own order.
    const heard = await waitFor('campaign events', async () => {
      const got = hooks.received.filter((r) => r.json.data?.campaignId === c.campaignId);
      return got.length >= 4 ? got : undefined;
    });
    const story = heard
      .map((r) => r.json.data as { sequence: number; status: string; resumed?: boolean })
      .sort((a, b) => a.sequence - b.sequence)
      .map((d) => `${d.status}${d.resumed ? ' (resumed)' : ''}`);
    expect(story).toEqual(['running', 'paused', 'running (resumed)', 'cancelled']);
    expect(heard.map((r) => r.json.event).sort()).toEqual([
      'campaign.completed',
      'campaign.paused',
      'campaign.started',
      'campaign.started',
    ]);
    expectError(
      await member().post(`${CAMPAIGNS}/${c.campaignId}/recipients`, { recipients: [{ to: '+14155559999' }] }),
      409,
    );
  });

  it('retries busy and no-answer after delaySec up to maxAttempts, then keeps the last outcome', async () => {
    const c = await create({
      name: 'Retries',
      agentId: quick,
      recipients: [{ to: SIMULATOR_NUMBERS.busy }, { to: SIMULATOR_NUMBERS.noAnswer }, { to: '+14155556000' }],
      retry: { on: ['busy', 'no-answer'], maxAttempts: 3, delaySec: 1 },
    });
    const done = await until(c.campaignId, 'completed', 60_000);
    expect(done.counts).toMatchObject({ busy: 1, 'no-answer': 1, completed: 1 });
    const ended = await waitFor('campaign.completed', async () =>
      hooks.received.find((r) => r.json.event === 'campaign.completed' && r.json.data?.campaignId === c.campaignId),
    );
    expect(ended.json.data).toMatchObject({ status: 'completed', counts: { busy: 1, 'no-answer': 1, completed: 1 } });
    const rows = await recipientsOf(c.campaignId);
    const busy = rows.find((r) => r.to === SIMULATOR_NUMBERS.busy)!;
    expect(busy).toMatchObject({ outcome: 'busy', attempts: 3 });
    expect(rows.find((r) => r.to === SIMULATOR_NUMBERS.noAnswer)).toMatchObject({ outcome: 'no-answer', attempts: 3 });
    expect(rows.find((r) => r.to === '+14155556000')).toMatchObject({ outcome: 'completed', attempts: 1 });
    const calls = await prisma.call.findMany({ where: { id: { in: busy.callIds } }, orderBy: { createdAt: 'asc' } });
    for (let i = 1; i < calls.length; i++) {
      expect(calls[i].createdAt.getTime() - calls[i - 1].endedAt!.getTime()).toBeGreaterThanOrEqual(1000);
    }
  });

  it('skips do-not-call numbers, including one listed while the campaign runs', async () => {
    const admin = as(gateway, ws.keys.admin);
    await admin.post('/api/core/dnc', { number: '+14155557000' });
    const c = await create({
      name: 'DNC',
      agentId: slow,
      recipients: [{ to: '+14155557000' }, { to: '+14155557001' }, { to: '+14155557002' }],
      maxConcurrency: 1,
    });
    await waitFor(
      'the first call',
      async () => (await prisma.call.count({ where: { campaignId: c.campaignId } })) >= 1,
    );
    await admin.post('/api/core/dnc', { number: '+14155557002' });
    const done = await until(c.campaignId, 'completed', 60_000);
    expect(done.counts).toMatchObject({ dnc: 2, completed: 1 });
    const calls = await prisma.call.findMany({ where: { campaignId: c.campaignId } });
    expect(calls.map((x) => x.to)).toEqual(['+14155557001']);
  });

  it('takes recipients as CSV: a bad row refuses the file naming it; a good file adds rows with metadata', async () => {
    const c = await create({
      name: 'CSV',
      agentId: quick,
      recipients: [{ to: '+14155558000' }],
      schedule: { startAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const csv = (body: string) =>
      request(gateway.getHttpServer())
        .post(`${CAMPAIGNS}/${c.campaignId}/recipients`)
        .set('Authorization', `Bearer ${ws.keys.member}`)
        .set('Content-Type', 'text/csv')
        .send(body);
    const bad = await csv('to,timezone,name\n+14155558001,,Ann\nnot-a-number,,Bob\n+14155558003,Mars/Base,Cy\n');
    expectError(bad, 422, /recipients\[1\]: to must .*recipients\[2\]: timezone Mars\/Base/);
    expect((await read(c.campaignId)).total).toBe(1);
    expectError(await csv('number\n+14155558001\n'), 422, /"to" column/);
    expectError(await csv('to,name\n"+14155558001,Ann\n'), 422, /Malformed CSV/);
    const good = await csv(
      'to,timezone,name,plan\n+1 415 555 8001,America/New_York,Ann,gold\n+14155558002,,Bob,\n+14155558000,,Dup,\n',
    );
    expect(good.status).toBe(201);
    expect(good.body).toEqual({ added: 2, duplicates: ['+14155558000'] });
    const rows = (await member().get(`${CAMPAIGNS}/${c.campaignId}/recipients?pageSize=10`)).body.list;
    expect(rows.find((r: { to: string }) => r.to === '+14155558001')).toMatchObject({
      timezone: 'America/New_York',
      metadata: { name: 'Ann', plan: 'gold' },
      outcome: 'pending',
      attempts: 0,
    });
    await member().post(`${CAMPAIGNS}/${c.campaignId}/cancel`);
  });

  it('a window that opens in the next minute dials nothing before it opens, then dials', async () => {
    const opens = new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000);
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const closes = hhmm(new Date(opens.getTime() + 5 * 60_000));
    const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][opens.getUTCDay()];
    const window = { days: [day], start: hhmm(opens), end: closes > hhmm(opens) ? closes : '24:00' };
    const c = await create({
      name: 'Window',
      agentId: quick,
      recipients: [{ to: '+14155559100' }, { to: '+14155559101' }],
      schedule: { timezone: 'UTC', window },
    });
    const done = await until(c.campaignId, 'completed', 90_000);
    expect(done.counts.completed).toBe(2);
    const calls = await prisma.call.findMany({ where: { campaignId: c.campaignId } });
    for (const call of calls) expect(call.createdAt.getTime()).toBeGreaterThanOrEqual(opens.getTime());
  }, 120_000);

  it('voicemail is retried when the policy names it, then kept as the outcome', async () => {
    const detects = (
      await createAssistant(gateway, ws.keys.admin, { name: 'VM', voicemail: { detect: true, action: 'hangup' } })
    ).agentId;
    const c = await create({
      name: 'Voicemail',
      agentId: detects,
      recipients: [{ to: SIMULATOR_NUMBERS.answeringMachine }, { to: '+14155559200' }],
      retry: { on: ['voicemail'], maxAttempts: 2, delaySec: 0 },
    });
    const done = await until(c.campaignId, 'completed', 60_000);
    expect(done.counts).toMatchObject({ voicemail: 1, completed: 1 });
    const rows = await recipientsOf(c.campaignId);
    expect(rows.find((r) => r.to === SIMULATOR_NUMBERS.answeringMachine)).toMatchObject({
      outcome: 'voicemail',
      attempts: 2,
    });
    expect(rows.find((r) => r.to === '+14155559200')).toMatchObject({ outcome: 'completed', attempts: 1 });
  });
});
