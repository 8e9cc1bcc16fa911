// Benchmark 4: engine capacity. Thousands of simultaneous live simulated calls on one engine
// process: how late each transition lands after its due time (the engine's call_step_lag_seconds
// histogram) and the engine's CPU while they run.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { app, benchEnv, cli, dropKeys, freePort, freshDatabase, kill, save, startProcess, table } = require('./lib');

/** Prometheus-style quantile of a histogram (linear within the bucket), in ms. */
function histogramQuantile(metricsText, name, q) {
  const buckets = new Map();
  for (const line of metricsText.split('\n')) {
    const m = line.match(new RegExp(`^${name}_bucket\\{.*le="([^"]+)".*\\} (\\d+)`));
    if (m) buckets.set(m[1], (buckets.get(m[1]) ?? 0) + Number(m[2]));
  }
  const sorted = [...buckets].map(([le, n]) => [le === '+Inf' ? Infinity : Number(le), n]).sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (!total) return { ms: null, count: 0 };
  const rank = q * total;
  let [prevLe, prevN] = [0, 0];
  for (const [le, n] of sorted) {
    if (n >= rank) {
      if (le === Infinity) return { ms: `> ${prevLe * 1000}`, count: total };
      const within = n === prevN ? 0 : (rank - prevN) / (n - prevN);
      return { ms: Math.round((prevLe + (le - prevLe) * within) * 1000), count: total };
    }
    [prevLe, prevN] = [le, n];
  }
  return { ms: null, count: total };
}

/** User + system CPU seconds a process has used so far (Linux). */
function cpuSeconds(pid) {
  const fields = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

module.exports = async function engineBench({ calls = 2000, talkWords = 60 } = {}) {
  const recordings = mkdtempSync(join(tmpdir(), 'bench-recordings-'));
  // 100 ms per word: each call rings 2 s, then talks about 15 s, so every call is live at once.
  const env = { ...benchEnv('engine'), RECORDINGS_DIR: recordings, SIM_MS_PER_WORD: '100', SIM_TURN_GAP_MS: '300' };
  await freshDatabase(env);
  const ws = cli(env, 'workspace', 'create', 'bench');
  const key = cli(env, 'key', 'create', '--workspace', ws, '--name', 'bench', '--role', 'admin');
  const gwPort = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(gwPort) }, gwPort);
  const enginePort = await freePort();
  const engine = await startProcess(app('call-engine'), { ...env, ENGINE_PORT: String(enginePort) }, enginePort);
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const post = (path, body) =>
      fetch(`http://127.0.0.1:${gwPort}/api/core${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const script = [{ say: words(talkWords / 2) }, { hear: words(talkWords / 4) }, { say: words(talkWords / 4) }];
    const { agentId } = await post('/voice/agent', { name: 'Bench', script });

    const cpu0 = cpuSeconds(engine.pid);
    const t0 = Date.now();
    let started = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (started < calls) {
          started++;
          await post('/voice/agent/call', { agentId, to: '+14155552671' });
        }
      }),
    );
    const startSeconds = (Date.now() - t0) / 1000;
    await kill(gateway);

    let peakLive = 0;
    for (;;) {
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE status IN ('ringing', 'in_progress'))::int AS live,
                count(*) FILTER (WHERE "recordingReady")::int AS done FROM "Call"`,
      );
      peakLive = Math.max(peakLive, rows[0].live);
      if (rows[0].done >= calls) break;
      if (Date.now() - t0 > 600_000) throw new Error(`only ${rows[0].done}/${calls} calls finished`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const wallSeconds = (Date.now() - t0) / 1000;
    const cpu = cpuSeconds(engine.pid) - cpu0;
    const metrics = await fetch(`http://127.0.0.1:${enginePort}/metrics`).then((r) => r.text());
    const p50 = histogramQuantile(metrics, 'call_step_lag_seconds', 0.5);
    const p99 = histogramQuantile(metrics, 'call_step_lag_seconds', 0.99);

    console.log(`\nEngine capacity (one process, ${calls} calls started in ${startSeconds.toFixed(1)} s)`);
    table([
      {
        measure: `${calls} calls, peak ${peakLive} live at once`,
        'step lag p50': `${p50.ms} ms`,
        'step lag p99': `${p99.ms} ms (target ≤ 250)`,
        steps: p50.count,
        'engine CPU': `${Math.round((cpu / wallSeconds) * 100)}% of a core over ${Math.round(wallSeconds)} s`,
      },
    ]);
    return save('engine', {
      calls,
      peakLive,
      startSeconds,
      stepLag: { p50Ms: p50.ms, p99Ms: p99.ms, steps: p50.count },
      engineCpuSeconds: cpu,
      wallSeconds,
      engineCpuShareOfOneCore: Math.round((cpu / wallSeconds) * 100) / 100,
    });
  } finally {
    await db.end();
    await kill(gateway);
    await kill(engine);
    await dropKeys(env);
    rmSync(recordings, { recursive: true, force: true });
  }
};
