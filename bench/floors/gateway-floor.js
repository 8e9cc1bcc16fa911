// The gateway's floor: a bare Fastify server doing the same work directly — one transaction
// inserting the same rows through pg and one BullMQ add to start a call; one select to read it.
'use strict';
const Fastify = require('fastify');
const { Pool } = require('pg');
const { Queue } = require('bullmq');
const { randomBytes } = require('node:crypto');

const { DATABASE_URL, REDIS_URL, QUEUE_PREFIX, PORT, WORKSPACE_ID, AGENT_ID } = process.env;
const pool = new Pool({ connectionString: DATABASE_URL, max: 20 });
const queue = new Queue('call-engine', {
  connection: { url: REDIS_URL, maxRetriesPerRequest: null },
  prefix: `${QUEUE_PREFIX}_floor`,
});
const id = (p) => `${p}_floor${randomBytes(10).toString('hex')}`;

const app = Fastify();
app.get('/health/ready', async () => ({ status: 'ok' }));
app.post('/call', async (req, reply) => {
  const { agentId, to, metadata } = req.body;
  const callId = id('call');
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
      [id('evt'), WORKSPACE_ID, callId, { callId, to }],
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
app.listen({ port: Number(PORT), host: '127.0.0.1' });
