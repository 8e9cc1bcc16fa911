// Set-up shared by the dispatcher and scale-out benchmarks: a workspace whose webhooks point at the
// bench receiver, events inserted straight into the event log, and our dispatcher processes.
'use strict';
const { join } = require('node:path');
const { Client } = require('pg');
const { Queue } = require('bullmq');
// Jobs exactly as the call-engine publishes them: from the one job table (compiled).
const { jobOptions, QueueName } = require('../dist/libs/queues/src/jobs');
const { FairShare } = require('../dist/libs/queues/src/fair-share');
const { queuePrefix } = require('../dist/libs/queues/src/redis-connection');
const { newId } = require('./ids');
const { attemptIdFor, deliveryIdFor } = require('../dist/libs/platform/src/ids');

/** Delivered events in the database before a run, as a running service's holds (smoke: a few). */
const HISTORY = process.env.BENCH_SMOKE ? 200 : 20_000;
const { app, benchEnv, benchTenants, dropKeys, freshDatabase, freePort, kill, startProcess } = require('./lib');

/**
 * `webhooks` webhooks of one workspace at /hook0…, or `workspaces`: for each workspace the receiver
 * paths of its webhooks (the receiver answers /slow… paths after SLOW_MS).
 */
async function dispatchSetup(name, webhooks, { workspaces, env: extraEnv = {} } = {}) {
  const env = {
    ...benchEnv(name),
    ...extraEnv,
  };
  await freshDatabase(env);
  const receiverPort = await freePort();
  const receiver = await startProcess(
    join(__dirname, 'floors/receiver.js'),
    { PORT: String(receiverPort), SLOW_MS: env.SLOW_MS ?? '1000' },
    receiverPort,
    '/',
  );
  const gwPort = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(gwPort) }, gwPort);
  const paths = workspaces ?? [Array.from({ length: webhooks }, (_, j) => `/hook${j}`)];
  const names = paths.map((_, i) => `bench${i}`);
  const made = await benchTenants(env, `http://127.0.0.1:${gwPort}/api/core`, names);
  for (const [i, t] of made.entries()) {
    for (const path of paths[i]) {
      await t.post('/webhook', { url: `http://127.0.0.1:${receiverPort}${path}`, events: ['call.started'] });
    }
  }
  const tenants = made.map((t) => ({ ws: t.workspaceId, agentId: t.agentId }));
  await kill(gateway);
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  await history(db, tenants[0], HISTORY);
  const fairShare = new FairShare();
  const events = new Queue(QueueName.DomainEvents, {
    connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
    prefix: queuePrefix(env, QueueName.DomainEvents),
  });
  const receiverUrl = `http://127.0.0.1:${receiverPort}`;
  const stats = (group = '') => fetch(`${receiverUrl}/stats?group=${group}`).then((r) => r.json());
  /** Deliveries counted so far (cheap: polled while they arrive; stats sorts every lag). */
  const count = (group = '') =>
    fetch(`${receiverUrl}/count?group=${group}`)
      .then((r) => r.json())
      .then((b) => b.count);
  const reset = () => fetch(`${receiverUrl}/reset`, { method: 'POST' });
  const timeline = () => fetch(`${receiverUrl}/timeline`).then((r) => r.json());

  /** Inserts n calls with their call.started event (occurredAt now) and publishes the events. */
  async function publish(n, tenant = 0) {
    const { ws, agentId } = tenants[tenant];
    const callIds = Array.from({ length: n }, () => newId('call'));
    const eventIds = callIds.map(() => newId('event'));
    const { rows } = await db.query(
      `
      WITH c AS (
        INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", language, "updatedAt")
        SELECT id, $1, $2, '+14155552671', 'en', now() FROM unnest($3::text[]) id RETURNING id
      )
      INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data, "occurredAt", "publishedAt")
      SELECT e.id, $1, e.call, 'call.started', 1,
             jsonb_build_object('callId', e.call, 'agentId', $2::text, 'metadata', null, 'sequence', 1),
             now() AT TIME ZONE 'UTC', now()
      FROM unnest($3::text[], $4::text[]) AS e(call, id) RETURNING id`,
      [ws, agentId, callIds, eventIds],
    );
    await events.addBulk(
      rows.map((r) => {
        const data = { eventId: r.id, workspaceId: ws };
        return { name: 'fan-out', data, opts: jobOptions('fan-out', data, fairShare) };
      }),
    );
    return rows.length;
  }

  const dispatchers = [];
  return {
    env,
    receiverUrl,
    stats,
    count,
    reset,
    timeline,
    publish,
    /** `count` dispatcher processes; `settings` overrides the bench's environment (e.g. the defaults). */
    async startDispatchers(count, settings = {}) {
      for (let i = 0; i < count; i++) {
        const port = await freePort();
        dispatchers.push(
          await startProcess(app('webhook-dispatcher'), { ...env, ...settings, DISPATCHER_PORT: String(port) }, port),
        );
      }
    },
    async stopDispatchers() {
      await Promise.all(dispatchers.splice(0).map(kill));
    },
    async close() {
      await this.stopDispatchers();
      await events.close();
      await db.end();
      await kill(receiver);
      await dropKeys(env);
    },
  };
}

/**
 * `n` calls with a call.started event fanned out and delivered once to the tenant's first webhook,
 * then ANALYZE (as autovacuum would have). Without it the run starts from empty tables: the
 * statements' plans, cached while the tables are tiny (sequential scans, hash joins), stay in use
 * as they grow, and each batch costs more than the last.
 */
async function history(db, { ws, agentId }, n) {
  const { rows } = await db.query(`SELECT id FROM "Webhook" WHERE "workspaceId" = $1 ORDER BY id LIMIT 1`, [ws]);
  if (!rows.length) return;
  const calls = Array.from({ length: n }, () => newId('call'));
  const events = calls.map(() => newId('event'));
  const deliveries = events.map((e) => deliveryIdFor(e, rows[0].id));
  await db.query(
    `
    WITH c AS (
      INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", language, status, "updatedAt")
      SELECT id, $1, $2, '+14155552671', 'en', 'completed', now() FROM unnest($3::text[]) id RETURNING id
    ), e AS (
      INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data, "occurredAt", "publishedAt",
                               "fannedOutAt")
      SELECT e.id, $1, e.call, 'call.started', 1, jsonb_build_object('callId', e.call), now() AT TIME ZONE 'UTC',
             now(), now() AT TIME ZONE 'UTC'
      FROM unnest($3::text[], $4::text[]) AS e(call, id) WHERE EXISTS (SELECT 1 FROM c) RETURNING id
    )
    INSERT INTO "WebhookDelivery" (id, "webhookId", "eventId", "workspaceId", event, status, "attemptCount",
                                   "attemptLimit", "lastAttemptAt", "createdAt", "updatedAt")
    SELECT d.id, $6, d.event, $1, 'call.started', 'succeeded', 1, 8, now(), now(), now()
    FROM unnest($5::text[], $4::text[]) AS d(id, event) WHERE EXISTS (SELECT 1 FROM e)`,
    [ws, agentId, calls, events, deliveries, rows[0].id],
  );
  await db.query(
    `INSERT INTO "DeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode")
     SELECT a.id, a.delivery, 1, now(), 3, 204 FROM unnest($1::text[], $2::text[]) AS a(id, delivery)`,
    [deliveries.map(attemptIdFor), deliveries],
  );
  await db.query('ANALYZE');
}

/** Publishes `rate` events/s of `tenant` for `seconds`, in `ticks` batches a second; answers the count and start. */
async function paced(s, rate, seconds, { tenant = 0, ticks = 20 } = {}) {
  const perTick = Math.max(1, Math.round(rate / ticks));
  const t0 = Date.now();
  for (let tick = 0; tick < seconds * ticks; tick++) {
    await s.publish(perTick, tenant);
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + ((tick + 1) * 1000) / ticks - Date.now())));
  }
  return { published: perTick * seconds * ticks, t0 };
}

/** Waits until `count()` (the receiver's count) reaches `target`; returns the elapsed seconds. */
async function until(count, target, startedAt, timeoutMs = 240_000) {
  for (;;) {
    const n = await count();
    if (n >= target) return (Date.now() - startedAt) / 1000;
    if (Date.now() - startedAt > timeoutMs) throw new Error(`only ${n}/${target} deliveries after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

module.exports = { dispatchSetup, paced, until };
