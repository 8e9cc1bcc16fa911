// Live-call slot claims in isolation (libs/calls/src/admission/call-slots.sql): N claims by 16 clients in one
// workspace of 100,000 slots, no VACUUM between them, looking for a free slot from the top of the range (as
// admission did before) or below the client's last claim (as it does now). Each claim leaves a dead entry in
// the free-slot index, which a scan from the top steps over: its rate falls as claims pile up.
'use strict';
const { Pool } = require('pg');
const { benchEnv, table, save } = require('./lib');

const TOP = `UPDATE s SET "callId" = $1 WHERE ws = 'w' AND slot = (
  SELECT slot FROM s WHERE ws = 'w' AND "callId" IS NULL AND slot < $2
  ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING slot`;
const FROM_LAST = `UPDATE s SET "callId" = $1 WHERE ws = 'w' AND slot = COALESCE(
  (SELECT slot FROM s WHERE ws = 'w' AND "callId" IS NULL AND slot < $2
   ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED),
  (SELECT slot FROM s WHERE ws = 'w' AND "callId" IS NULL AND slot >= $2 AND slot < $3
   ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED))
  RETURNING slot`;

async function claims(url, how, n, slots, clients) {
  const pool = new Pool({ connectionString: url, max: clients });
  await pool.query(`DROP TABLE IF EXISTS s;
    CREATE TABLE s (ws text, slot int, "callId" text UNIQUE, PRIMARY KEY (ws, slot));
    CREATE INDEX s_free ON s (ws, slot) WHERE "callId" IS NULL;
    INSERT INTO s SELECT 'w', g, NULL FROM generate_series(0, ${slots - 1}) g; ANALYZE s;`);
  let last = slots;
  let made = 0;
  const started = Date.now();
  const client = async () => {
    while (made < n) {
      const id = `call${made++}`;
      const values = how === 'top' ? [id, slots] : [id, last, slots];
      const { rows } = await pool.query({ name: how, text: how === 'top' ? TOP : FROM_LAST, values });
      if (!rows[0]) throw new Error('no free slot');
      last = rows[0].slot;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const ms = Date.now() - started;
  await pool.end();
  return Math.round((n / ms) * 1000);
}

module.exports = async function slotClaimsBench({ sizes = [30_000, 90_000], slots = 100_000, clients = 16 } = {}) {
  const { Client } = require('pg');
  const url = new URL(benchEnv('slots').DATABASE_URL);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const rows = [];
    for (const n of sizes) {
      const top = await claims(url.toString(), 'top', n, slots, clients);
      const fromLast = await claims(url.toString(), 'from-last', n, slots, clients);
      rows.push({ claims: n, 'from the top /s': top, 'below the last claim /s': fromLast, ratio: fromLast / top });
    }
    console.log(`\nSlot claims (${clients} clients, ${slots} slots, no VACUUM between claims)`);
    table(rows.map((r) => ({ ...r, ratio: r.ratio.toFixed(2) })));
    return save('slot-claims', { slots, clients, rows });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
};
