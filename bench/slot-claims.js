// Live-call slot claims in isolation (libs/calls/src/admission/call-slots.sql): N claims by 16 clients of the
// "CallSlot" rows of one workspace with 100,000 slots, no VACUUM between them, looking for a free slot from the
// top of the range (as admission did before) or below the client's last claim (as it does now). Each claim
// leaves a dead entry in the free-slot index, which a scan from the top steps over: its rate falls as claims
// pile up.
'use strict';
const { Pool } = require('pg');
const { benchEnv, freshDatabase, table, save } = require('./lib');

const TOP = `UPDATE "CallSlot" SET "callId" = $1 WHERE "workspaceId" = $2 AND slot = (
  SELECT slot FROM "CallSlot" WHERE "workspaceId" = $2 AND "callId" IS NULL AND slot < $3
  ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING slot`;
const FROM_LAST = `UPDATE "CallSlot" SET "callId" = $1 WHERE "workspaceId" = $2 AND slot = COALESCE(
  (SELECT slot FROM "CallSlot" WHERE "workspaceId" = $2 AND "callId" IS NULL AND slot < $4
   ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED),
  (SELECT slot FROM "CallSlot" WHERE "workspaceId" = $2 AND "callId" IS NULL AND slot >= $4 AND slot < $3
   ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED))
  RETURNING slot`;

/** Claims/s of `n` claims in a new workspace of `slots` slots (the workspace's trigger makes its rows). */
async function claims(pool, how, n, slots, clients) {
  const workspaceId = `ws_${how}_${n}`;
  await pool.query(`INSERT INTO "Workspace" (id, name, "liveCallLimit", "reservedForInbound") VALUES ($1, $1, $2, 0)`, [
    workspaceId,
    slots,
  ]);
  await pool.query('VACUUM ANALYZE "CallSlot"');
  let last = slots;
  let made = 0;
  const started = Date.now();
  const client = async () => {
    while (made < n) {
      const values = [`call_${workspaceId}_${made++}`, workspaceId, slots];
      const query = how === 'top' ? { text: TOP, values } : { text: FROM_LAST, values: [...values, last] };
      const { rows } = await pool.query({ name: how, ...query });
      if (!rows[0]) throw new Error('no free slot');
      last = rows[0].slot;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return Math.round((n / (Date.now() - started)) * 1000);
}

module.exports = async function slotClaimsBench({ sizes = [30_000, 90_000], slots = 100_000, clients = 16 } = {}) {
  const env = benchEnv('slots');
  await freshDatabase(env);
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: clients });
  try {
    const rows = [];
    for (const n of sizes) {
      const top = await claims(pool, 'top', n, slots, clients);
      const fromLast = await claims(pool, 'from-last', n, slots, clients);
      rows.push({ claims: n, 'from the top /s': top, 'below the last claim /s': fromLast, ratio: fromLast / top });
    }
    console.log(`\nSlot claims (${clients} clients, ${slots} slots, no VACUUM between claims)`);
    table(rows.map((r) => ({ ...r, ratio: r.ratio.toFixed(2) })));
    return save('slot-claims', { slots, clients, rows });
  } finally {
    await pool.end();
  }
};
