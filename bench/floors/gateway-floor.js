// The gateway's floors, bare Fastify servers doing the work directly:
// - bare: one transaction inserting the same rows through pg and one BullMQ add to start a call;
//   one select to read it.
// - essential (/essential/...): the same essential I/O as our handler: the API key checked against
//   an in-process cache, one Redis round trip for the rate limit, then for start-call the same
//   single statement (call + call.started event) plus one BullMQ add, for get-call the same select. It serves
//   the workspace of each key it knows (OTHER_TENANTS: more workspaces and their keys besides the first; the
//   assistant is the body's), so a load spread over many workspaces can be measured against it in the same shape.
'use strict';
const Fastify = require('fastify');
const { Pool } = require('pg');
const { Queue } = require('bullmq');
const { createHash } = require('node:crypto');
const { Redis } = require('ioredis');

const { DATABASE_URL, REDIS_URL, QUEUE_PREFIX, PORT, WORKSPACE_ID, AGENT_ID, API_KEY, OTHER_TENANTS } = process.env;
const pool = new Pool({ connectionString: DATABASE_URL, max: 20 });
const queue = new Queue('call-engine', {
  connection: { url: REDIS_URL, maxRetriesPerRequest: null },
  prefix: `${QUEUE_PREFIX}_floor`,
});
const { newId } = require('../ids');

const app = Fastify();
// the workspace of the request's key (admit, below), declared so every request has the same shape
app.decorateRequest('workspaceId', '');
app.get('/health/ready', async () => ({ status: 'ok' }));
app.post('/call', async (req, reply) => {
  const { agentId, to, metadata } = req.body;
  const callId = newId('call');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", language, metadata, "updatedAt")
       VALUES ($1, $2, $3, $4, 'en', $5, now())`,
      [callId, WORKSPACE_ID, agentId ?? AGENT_ID, to, metadata ?? null],
    );
    await client.query(
      `INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data)
       VALUES ($1, $2, $3, 'call.started', 1, $4)`,
      [newId('event'), WORKSPACE_ID, callId, { callId, to }],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  await queue.add('dial-call', { callId }, { jobId: callId, removeOnComplete: 1000 });
  reply.code(201);
  return { callId, status: 'ringing', language: 'en' };
});
app.get('/call/:id', async (req) => {
  const { rows } = await pool.query(`SELECT * FROM "Call" WHERE id = $1 AND "workspaceId" = $2`, [
    req.params.id,
    WORKSPACE_ID,
  ]);
  return rows[0];
});

// essential floor
const redis = new Redis(REDIS_URL);
const sha256 = (token) => createHash('sha256').update(token).digest('hex');
const tenants = [{ key: API_KEY, workspaceId: WORKSPACE_ID }, ...JSON.parse(OTHER_TENANTS || '[]')];
const keys = new Map(tenants.map((t) => [sha256(t.key), t.workspaceId]));
const HIT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {n, redis.call('PTTL', KEYS[1])}`;
async function admit(req, reply) {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const workspaceId = keys.get(sha256(token));
  if (!workspaceId) return reply.code(401).send({ code: 401, message: 'Invalid API key.' });
  req.workspaceId = workspaceId;
  const [count] = await redis.eval(HIT, 1, `${QUEUE_PREFIX}_floor:rate:${workspaceId}`, 60000);
  if (count > 1e9) return reply.code(429).send({ code: 429, message: 'slow down' });
}
app.post('/essential/call', { preHandler: admit }, async (req, reply) => {
  const { agentId, to, metadata } = req.body;
  const callId = newId('call');
  const { rows } = await pool.query(
    `WITH assistant AS (
       SELECT id, language FROM "Assistant" WHERE id = $3 AND "workspaceId" = $2 AND "deletedAt" IS NULL FOR SHARE
     ), call AS (
       INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", language, metadata, "updatedAt")
       SELECT $1, $2, assistant.id, $4, assistant.language, $5, now() FROM assistant RETURNING id, language
     ), event AS (
       INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data)
       SELECT $6, $2, call.id, 'call.started', 1, $7 FROM call
     )
     SELECT language FROM call`,
    [callId, req.workspaceId, agentId ?? AGENT_ID, to, metadata ?? null, newId('event'), { callId, to }],
  );
  await queue.add('dial-call', { callId }, { jobId: callId, removeOnComplete: 1000 });
  reply.code(201);
  return { callId, status: 'ringing', language: rows[0].language };
});
app.get('/essential/call/:id', { preHandler: admit }, async (req) => {
  const { rows } = await pool.query(`SELECT * FROM "Call" WHERE id = $1 AND "workspaceId" = $2`, [
    req.params.id,
    req.workspaceId,
  ]);
  return rows[0];
});
app.listen({ port: Number(PORT), host: '127.0.0.1' });
// Exits on SIGTERM through process.exit, so that with BENCH_PROFILE_DIR its CPU profile is written too.
process.once('SIGTERM', () => process.exit(0));
