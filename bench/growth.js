// Benchmark 4: start-call and list-calls latency with 10k and with 1M calls in the table; then the
// history's (bench/history-growth.js).
'use strict';
const { Client } = require('pg');
const {
  app,
  benchEnv,
  dropKeys,
  benchWorkspace,
  poster,
  freshDatabase,
  freePort,
  kill,
  latencyRows,
  load,
  save,
  startProcess,
  table,
} = require('./lib');

async function callGrowthBench({ sizes = [10_000, 1_000_000], duration = 5, connections = 10 } = {}) {
  const env = benchEnv('growth');
  await freshDatabase(env);
  const { workspaceId: ws, key: admin } = await benchWorkspace(env, 'bench', { liveCalls: 20_000 });
  const port = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(port) }, port);
  const base = `http://127.0.0.1:${port}/api/core`;
  const headers = { authorization: `Bearer ${admin}` };
  const post = poster(base, admin);
  const agents = [
    (await post('/voice/agent', { name: 'A' })).agentId,
    (await post('/voice/agent', { name: 'B' })).agentId,
  ];
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const rows = [];
  const results = {};
  try {
    let have = 0;
    for (const size of sizes) {
      // Bulk rows straight into the table, spread over 30 days, statuses and both assistants.
      for (let from = have; from < size; from += 200_000) {
        const to = Math.min(size, from + 200_000);
        await db.query(
          `
          INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", status, language, "createdAt", "updatedAt",
                              "endedReason", "durationSec")
          SELECT 'call_g' || lpad(g::text, 9, '0'), $1, (ARRAY[$2, $3])[1 + g % 2], '+14155552671',
                 (ARRAY['completed','failed','no-answer','completed','completed']::"CallStatus"[])[1 + g % 5], 'en',
                 now() - (g % 2592000) * interval '1 second', now(), 'customer-ended-call', 30
          FROM generate_series($4::int + 1, $5::int) g`,
          [ws, agents[0], agents[1], from, to],
        );
      }
      // Fold the call tallies the bulk insert appended, as a running engine's reconciler does.
      for (;;) {
        const {
          rows: [{ n }],
        } = await db.query(`
          WITH folded AS (DELETE FROM "CallTally" WHERE id IN (SELECT id FROM "CallTally" ORDER BY id LIMIT 50000)
                          RETURNING "workspaceId", "assistantId", "status", "delta"),
               kept AS (INSERT INTO "CallTally" ("workspaceId", "assistantId", "status", "delta")
                        SELECT "workspaceId", "assistantId", "status", sum("delta")::int FROM folded GROUP BY 1, 2, 3)
          SELECT count(*)::int AS n FROM folded`);
        if (n < 50000) break;
      }
      // What autovacuum does after a bulk load (the folding left a million dead tally rows).
      await db.query('VACUUM ANALYZE "Call"');
      await db.query('VACUUM ANALYZE "CallTally"');
      have = size;
      const body = JSON.stringify({ agentId: agents[0], to: '+14155552671' });
      const r = {
        startCall: await load({
          url: `${base}/voice/agent/call`,
          method: 'POST',
          body,
          headers,
          duration,
          connections,
        }),
        listCalls: await load({ url: `${base}/voice/call/list`, headers, duration, connections }),
        listFiltered: await load({
          url: `${base}/voice/call/list?status=failed&agentId=${agents[1]}&pageSize=50`,
          headers,
          duration,
          connections,
        }),
        listDeepPage: await load({
          url: `${base}/voice/call/list?page=50&pageSize=100`,
          headers,
          duration,
          connections,
        }),
      };
      results[size] = r;
      rows.push(...latencyRows({ calls: size.toLocaleString('en') }, r));
    }
    console.log(`\nGrowth (${connections} connections, ${duration} s each)`);
    table(rows);
    return save('growth', { connections, duration, results });
  } finally {
    await db.end();
    await kill(gateway);
    await dropKeys(env);
  }
}

module.exports = async function growthBench({ sizes, duration, connections, historySizes, otherTenants } = {}) {
  return {
    calls: await callGrowthBench({ sizes, duration, connections }),
    history: await require('./history-growth')({ sizes: historySizes, duration, connections, otherTenants }),
  };
};
