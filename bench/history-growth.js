// Benchmark 4b: the event feed, the delivery log and the call list of one workspace, with 10k and
// with 10M events (and as many deliveries and attempts) in the partitioned history tables.
'use strict';
const { Client } = require('pg');
const {
  app,
  benchEnv,
  dropKeys,
  benchTenant,
  freshDatabase,
  freePort,
  kill,
  latencyRows,
  load,
  save,
  startProcess,
  table,
} = require('./lib');

const DAYS = 90;
// One 'now' for every statement, so an event's time is the same wherever it is computed.
const NOW = `'${new Date().toISOString()}'::timestamptz`;
const MONTHS = 4;

/** Monthly partitions for the last MONTHS months and the next three, as a service running that long has them. */
async function monthsOfHistory(db) {
  for (const t of ['DeliveryAttempt', 'WebhookDelivery', 'CallEvent']) {
    const { rows } = await db.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = $1::regclass`,
      [`"${t}"`],
    );
    for (const { relname } of rows) {
      await db.query(`ALTER TABLE "${t}" DETACH PARTITION "${relname}"`);
      await db.query(`DROP TABLE "${relname}"`);
    }
    const prefix = { DeliveryAttempt: 'att', WebhookDelivery: 'dlv', CallEvent: 'evt' }[t];
    await db.query(
      `DO $$ DECLARE m TIMESTAMPTZ; BEGIN
         FOR i IN -${MONTHS}..3 LOOP
           m := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + make_interval(months => i);
           EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
             '${t}_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'), '${t}',
             history_id_floor('${prefix}', m), history_id_floor('${prefix}', m + interval '1 month'));
         END LOOP; END $$`,
    );
  }
}

/**
 * `count` calls of five events each, every event delivered once with one attempt, spread evenly
 * over the last DAYS days, ids made as the service makes them (time first); `batch` keeps them apart.
 */
async function history(db, { workspaceId, agentId, webhookId, batch, count }) {
  const call = `'call_b${String(batch).padStart(3, '0')}' || lpad(g::text, 17, '0')`;
  const chunk = 100_000;
  for (let from = 0; from < count; from += chunk) {
    const to = Math.min(count, from + chunk);
    const span = `(${DAYS} * 86400.0 * (${count} - g) / ${count}) * interval '1 second'`;
    await db.query(
      `INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", status, language, "eventCount", "createdAt",
                           "updatedAt", "endedAt", "endedReason", "durationSec", "connectedAt")
       SELECT ${call}, $1, $2, '+14155552671', 'completed', 'en', 5,
              ${NOW} - ${span}, now(), ${NOW} - ${span}, 'customer-ended-call', 30, ${NOW} - ${span}
       FROM generate_series($3::int + 1, $4::int) g`,
      [workspaceId, agentId, from, to],
    );
    const events = `
      SELECT ${call} AS call, s, (ARRAY['call.started', 'call.connected',
             'call.completed', 'transcript.ready', 'recording.ready'])[s] AS type,
             ${NOW} - ${span} + s * interval '10 seconds' AS at,
             substr(history_id_floor('evt', ${NOW} - ${span} + s * interval '10 seconds'), 5, 10) AS time,
             '${String(batch).padStart(2, '0')}' || lpad(g::text, 13, '0') || s AS n
      FROM generate_series($2::int + 1, $3::int) g, generate_series(1, 5) s`;
    await db.query(
      `INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data, "occurredAt", "publishedAt",
                                "fannedOutAt")
       SELECT 'evt_' || time || n, $1, call, type, s, jsonb_build_object('callId', call, 'sequence', s), at, at, at
       FROM (${events}) e`,
      [workspaceId, from, to],
    );
    // Each event delivered once, with one attempt: ids carry the event's time, as the service's do.
    const chunkEvents = `
      SELECT * FROM "CallEvent"
      WHERE "callId" BETWEEN ${call.replace(/\bg\b/, String(from + 1))} AND ${call.replace(/\bg\b/, String(to))}`;
    await db.query(
      `INSERT INTO "WebhookDelivery" (id, "workspaceId", "webhookId", "eventId", event, status, "attemptCount",
                                      "attemptLimit", "lastAttemptAt", "createdAt", "updatedAt")
       SELECT 'dlv_' || substr(e.id, 5), $1, $2, e.id, e.type, 'succeeded', 1, 8, e."occurredAt", e."occurredAt",
              e."occurredAt"
       FROM (${chunkEvents}) e`,
      [workspaceId, webhookId],
    );
    await db.query(
      `INSERT INTO "DeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode")
       SELECT 'att_' || substr(e.id, 5), 'dlv_' || substr(e.id, 5), 1, e."occurredAt", 40, 200
       FROM (${chunkEvents}) e`,
    );
  }
}

/** A tenant with a webhook whose deliveries the history holds (to a port nothing listens on). */
async function tenant(env, base, name) {
  const t = await benchTenant(env, base, name);
  const { webhookId } = await t.post('/webhook', { url: 'http://127.0.0.1:9/hook', events: ['call.completed'] });
  return { ...t, webhookId };
}

module.exports = async function historyGrowthBench({
  sizes = [10_000, 10_000_000],
  duration = 5,
  connections = 10,
  otherTenants = 4,
} = {}) {
  const env = benchEnv('history');
  await freshDatabase(env);
  const port = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(port) }, port);
  const base = `http://127.0.0.1:${port}/api/core`;
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const rows = [];
  const results = {};
  try {
    await monthsOfHistory(db);
    // The measured workspace holds 10k events at every size; the others hold the rest.
    const measured = await tenant(env, base, 'measured');
    const others = [];
    for (let i = 0; i < otherTenants; i++) others.push(await tenant(env, base, `other-${i}`));
    await history(db, { ...measured, batch: 0, count: sizes[0] / 5 });
    let have = sizes[0];
    let batch = 1;
    const headers = { authorization: `Bearer ${measured.key}` };
    const { rows: mid } = await db.query(
      `SELECT id FROM "CallEvent" WHERE "workspaceId" = $1 ORDER BY id OFFSET $2 LIMIT 1`,
      [measured.workspaceId, sizes[0] / 2],
    );
    for (const size of sizes) {
      for (let i = 0; have < size; i = (i + 1) % others.length) {
        const count = Math.min(500_000, (size - have) / 5);
        await history(db, { ...others[i], batch: batch++, count });
        have += count * 5;
        process.stderr.write(`\r  ${have.toLocaleString('en')} events`);
      }
      for (const t of ['Call', 'CallEvent', 'WebhookDelivery', 'DeliveryAttempt'])
        await db.query(`VACUUM ANALYZE "${t}"`);
      const get = (path) => load({ url: `${base}${path}`, headers, duration, connections });
      const r = {
        eventFeed: await get('/event/list'),
        eventFeedFromCursor: await get(`/event/list?after=${mid[0].id}`),
        eventsOfCall: await get('/event/list?callId=call_b00000000000000000777'),
        deliveryLog: await get(`/webhook/${measured.webhookId}/deliveries`),
        deliveryLogPage20: await get(`/webhook/${measured.webhookId}/deliveries?page=20&pageSize=50`),
        callList: await get('/voice/call/list'),
      };
      results[size] = r;
      rows.push(...latencyRows({ events: size.toLocaleString('en') }, r));
      console.log(
        `\nHistory growth: one workspace's 10k events among all (${connections} connections, ${duration} s each)`,
      );
      table(rows);
    }
    return save('history-growth', { connections, duration, results });
  } finally {
    await db.end();
    await kill(gateway);
    await dropKeys(env);
  }
};
