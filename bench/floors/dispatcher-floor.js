// The dispatcher's floor: a bare BullMQ worker posting each job's body with undici. No
// persistence, no signing, no fan-out.
'use strict';
const http = require('node:http');
const { Worker } = require('bullmq');
const { request, Agent } = require('undici');

const { REDIS_URL, QUEUE_PREFIX, PORT } = process.env;
const agent = new Agent({ keepAliveTimeout: 10_000 });
new Worker(
  'floor-deliveries',
  async (job) => {
    const res = await request(job.data.url, {
      method: 'POST',
      body: job.data.body,
      headers: { 'content-type': 'application/json' },
      dispatcher: agent,
    });
    await res.body.dump();
    if (res.statusCode >= 300) throw new Error(`status ${res.statusCode}`);
  },
  { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix: QUEUE_PREFIX, concurrency: 50 },
);
http.createServer((req, res) => res.end('ok')).listen(Number(PORT), '127.0.0.1');
