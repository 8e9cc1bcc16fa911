import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { HistoryPartitions, PrismaService } from '@app/db';
import { idAtTime } from '@app/platform';
import { HistoryMaintenance } from '../../apps/call-engine/src/retention/history-maintenance';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';
import { attemptsOfDeliveries } from '../support/delivery-history';
import { compareSchema } from '../support/schema';

const DAY = 86_400_000;
const TABLES = ['CallEvent', 'WebhookDelivery', 'DeliveryAttempt'];
const monthOf = (ms: number, add = 0) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
};
const monthName = (ms: number) => new Date(ms).toISOString().slice(0, 7).replace('-', '_');

/**
 * Issue 16: the history (events, deliveries, attempts) lives in monthly partitions; maintenance
 * with a clock the test controls and a compressed retention drops old months whole and creates
 * the coming ones, and every read and write keeps working.
 */
describe('history partitions', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  let webhookId: string;
  let hooks: Receiver;
  let db: Client;
  const now = Date.now();

  beforeAll(async () => {
    cleanup = await isolateSuite('history');
    useFastSimulator();
    useFastDelivery();
    process.env.RECORDINGS_DIR = mkdtempSync(join(tmpdir(), 'recordings-'));
    gateway = await startGateway();
    engine = await startEngine();
    // the engine's own pass at start (at today's clock) is over before the tests move the clock
    await engine.get(HistoryMaintenance).tick();
    dispatcher = await startDispatcher();
    ws = await createWorkspace(gateway, 'history');
    agentId = (await createAssistant(gateway, ws.keys.admin, { script: [{ hangup: 'customer' }] })).agentId;
    hooks = await Receiver.http();
    const hook = await admin().post('/api/core/webhook', {
      url: hooks.url,
      events: ['call.started', 'call.completed'],
    });
    webhookId = hook.body.webhookId;
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await dispatcher.close();
    await engine.close();
    await gateway.close();
    await hooks.close();
    await cleanup();
  });

  const admin = () => as(gateway, ws.keys.admin);
  const maintain = (at: number, retentionDays: number) =>
    engine.get(HistoryPartitions).maintain(new Date(at), { retentionDays, monthsAhead: 3 });
  const partitions = async () => (await engine.get(HistoryPartitions).list()).map((p) => p.name).sort();

  /** The test's own DDL yields to the apps' writers as maintenance does (short lock waits, retried). */
  async function giveWay(statement: string): Promise<void> {
    await db.query(`SET lock_timeout = '100ms'`);
    try {
      await waitFor(statement, () =>
        db.query(statement).then(
          () => true,
          (e: { code?: string }) => {
            if (e.code !== '55P03' && e.code !== '40P01') throw e;
            return undefined;
          },
        ),
      );
    } finally {
      await db.query('RESET lock_timeout');
    }
  }

  /** Starts a call and waits until it completed and both its deliveries succeeded. */
  async function completedCall(): Promise<string> {
    const started = await admin().post('/api/core/voice/agent/call', { agentId, to: '+14155552671' });
    expect(started.status).toBe(201);
    const callId: string = started.body.callId;
    await waitFor(`deliveries of ${callId}`, async () => {
      const prisma = engine.get(PrismaService);
      const events = await prisma.callEvent.findMany({ where: { callId }, select: { id: true } });
      const done = await prisma.webhookDelivery.count({
        where: { eventId: { in: events.map((e) => e.id) }, status: 'succeeded' },
      });
      return done === 2 || undefined;
    });
    return callId;
  }

  /** The partition each of the call's history rows is stored in. */
  async function partitionsOf(callId: string): Promise<string[]> {
    const { rows } = await db.query(
      `SELECT e.tableoid::regclass::text AS e, d.tableoid::regclass::text AS d, a.tableoid::regclass::text AS a
       FROM "CallEvent" e JOIN "WebhookDelivery" d ON d."eventId" = e.id
       JOIN "DeliveryAttempt" a ON a."deliveryId" = d.id
       WHERE e."callId" = $1`,
      [callId],
    );
    return [...new Set(rows.flatMap((r) => [r.e, r.d, r.a].map((n: string) => n.replace(/"/g, ''))))].sort();
  }

  it('computes partition bounds in SQL (the migration) as the engine does', async () => {
    for (const ms of [Date.UTC(2026, 0, 1), Date.UTC(2027, 11, 31, 23, 59, 59, 999), now]) {
      const { rows } = await db.query(`SELECT history_id_floor('evt', $1::timestamptz) AS id`, [new Date(ms)]);
      expect(rows[0].id).toBe(idAtTime('event', ms));
    }
  });

  it('keeps an event, its deliveries and their attempts in one month; drops old months, creates new ones', async () => {
    const first = await completedCall();
    const thisMonth = monthName(monthOf(now, 1));
    expect(await partitionsOf(first)).toEqual(TABLES.map((t) => `${t}_until_${thisMonth}`).sort());

    // Today, with the default retention: the migration already made this month and three ahead.
    expect(await maintain(now, 90)).toEqual({ create: [], drop: [] });

    // A day after this month ends, keeping one day: this month goes (attempts, deliveries, events,
    // in that order); the month three ahead of then is created.
    const later = monthOf(now, 1) + DAY + 60_000;
    const done = (await maintain(later, 1))!;
    expect(done.drop.map((p) => p.name)).toEqual(
      ['DeliveryAttempt', 'WebhookDelivery', 'CallEvent'].map((t) => `${t}_until_${thisMonth}`),
    );
    const fourAhead = monthName(monthOf(now, 4));
    expect(done.create.map((p) => p.name)).toEqual(
      ['DeliveryAttempt', 'WebhookDelivery', 'CallEvent'].map((t) => `${t}_${fourAhead}`),
    );
    const ahead = [1, 2, 3, 4].map((m) => monthName(monthOf(now, m)));
    expect(await partitions()).toEqual(TABLES.flatMap((t) => ahead.map((m) => `${t}_${m}`)).sort());

    // The call stays; its history is gone and reported as an empty log, never an error.
    const call = await admin().get(`/api/core/voice/call/${first}`);
    expect(call.status).toBe(200);
    expect(call.body.status).toBe('completed');
    const list = await admin().get('/api/core/voice/call/list');
    expect(list.body.list.map((c: { callId: string }) => c.callId)).toContain(first);
    const events = await admin().get(`/api/core/event/list?callId=${first}`);
    expect(events.status).toBe(200);
    expect(events.body).toMatchObject({ list: [], total: 0 });
    const deliveries = await admin().get(`/api/core/webhook/${webhookId}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toMatchObject({ list: [], total: 0 });

    // Back at today's clock an engine creates this month again, and new history flows into it.
    const again = (await maintain(now, 1))!;
    expect(again.create.map((p) => p.name)).toEqual(
      ['DeliveryAttempt', 'WebhookDelivery', 'CallEvent'].map((t) => `${t}_${monthName(monthOf(now))}`),
    );
    const second = await completedCall();
    expect(await partitionsOf(second)).toEqual(TABLES.map((t) => `${t}_${monthName(monthOf(now))}`).sort());
    const feed = await waitFor('the new call in the event feed', async () => {
      const res = await admin().get(`/api/core/event/list?callId=${second}`);
      const names = res.body.list.map((e: { event: string }) => e.event);
      return names.includes('call.completed') ? names : undefined;
    });
    expect(feed).toEqual(expect.arrayContaining(['call.started', 'call.connected', 'call.completed']));
    const log = await admin().get(`/api/core/webhook/${webhookId}/deliveries`);
    expect(log.body.total).toBe(2);
    const one = await admin().get(`/api/core/webhook/${webhookId}/deliveries/${log.body.list[0].deliveryId}`);
    expect(one.status).toBe(200);
    expect(one.body.attempts).toHaveLength(1);

    // And the schema is still the one schema.prisma describes.
    for (const { actual, expected } of Object.values(await compareSchema(db))) expect(actual).toEqual(expected);
  });

  it('never makes a writer fail: maintenance in a loop while calls and deliveries are written', async () => {
    const calls: Promise<string>[] = [];
    let created = 0;
    // each pass at a clock one month later creates one more month ahead, for the three tables
    for (let month = 2; month <= 9; month++) {
      calls.push(completedCall(), completedCall());
      const pass = await maintain(monthOf(now, month) + DAY, 3650);
      created += pass?.create.length ?? 0;
    }
    const ids = await Promise.all(calls);
    expect(created).toBe(8 * 3);
    // every start answered 201 (completedCall), every call completed with its events in order
    const events = await engine.get(PrismaService).callEvent.findMany({
      where: { callId: { in: ids } },
      select: { id: true, callId: true, sequence: true },
    });
    for (const id of ids) {
      const seqs = events.filter((e) => e.callId === id).map((e) => e.sequence);
      expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));
    }
    // every delivery succeeded (completedCall), and no attempt failed for a reason of ours: on a loaded
    // machine the receiver may miss the 500 ms timeout, nothing else
    const prisma = engine.get(PrismaService);
    const eventIds = events.map((e) => e.id);
    const failedAttempts = (await attemptsOfDeliveries(prisma, { eventId: { in: eventIds } })).filter(
      (a) => a.errorClass !== null,
    );
    expect(failedAttempts.filter((a) => a.errorClass !== 'timeout')).toEqual([]);
  });

  it('drops a month an earlier pass detached but did not drop', async () => {
    await db.query(`CREATE TABLE "DeliveryAttempt_2020_01" (LIKE "DeliveryAttempt")`);
    await maintain(now, 90);
    const { rows } = await db.query(`SELECT to_regclass('"DeliveryAttempt_2020_01"') AS t`);
    expect(rows[0].t).toBeNull();
  });

  it('lets one maintenance pass run at a time across engines: each partition is created once', async () => {
    const at = monthOf(now, 10) + DAY;
    const passes = await Promise.all([maintain(at, 3650), maintain(at, 3650), maintain(at, 3650)]);
    const created = passes.flatMap((p) => p?.create ?? []).map((p) => p.name);
    expect(created.sort()).toEqual(TABLES.map((t) => `${t}_${monthName(monthOf(now, 13))}`).sort());
    expect(passes.flatMap((p) => p?.drop ?? [])).toEqual([]);
  });

  it("is the engine's own periodic task: a coming month that went missing is created on its next pass", async () => {
    const month = monthName(monthOf(now, 3));
    for (const t of ['DeliveryAttempt', 'WebhookDelivery', 'CallEvent']) {
      await giveWay(`ALTER TABLE "${t}" DETACH PARTITION "${t}_${month}"`);
      await giveWay(`DROP TABLE "${t}_${month}"`);
    }
    expect(await partitions()).not.toContain(`CallEvent_${month}`);
    await engine.get(HistoryMaintenance).tick();
    expect(await partitions()).toEqual(expect.arrayContaining(TABLES.map((t) => `${t}_${month}`)));
  });

  it('answers 404, not a made-up payload, for a delivery whose event is gone (no key binds them)', async () => {
    const callId = await completedCall();
    const prisma = engine.get(PrismaService);
    const [event] = await prisma.callEvent.findMany({ where: { callId, type: 'call.started' }, select: { id: true } });
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id } });
    expect((await admin().get(`/api/core/webhook/${webhookId}/deliveries/${delivery.id}`)).status).toBe(200);
    await prisma.callEvent.delete({ where: { id: event.id } });
    const gone = await admin().get(`/api/core/webhook/${webhookId}/deliveries/${delivery.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 404 });
  });
});
