// Benchmark 4: engine capacity. Thousands of simultaneous live simulated calls on one engine
// process: how late each transition lands after its due time (the engine's call_step_lag_seconds
// histogram) and the engine's CPU while they run.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const {
  app,
  benchEnv,
  benchWorkspace,
  poster,
  cpuSeconds,
  dropKeys,
  freePort,
  freshDatabase,
  kill,
  save,
  startProcess,
  table,
} = require('./lib');

/** Prometheus-style quantile of a histogram (linear within the bucket) over the chosen steps, in ms. */
function histogramQuantile(metricsText, name, q, steps) {
  const buckets = new Map();
  for (const line of metricsText.split('\n')) {
    const m = line.match(new RegExp(`^${name}_bucket\\{.*le="([^"]+)".*step="([^"]+)".*\\} (\\d+)`));
    if (m && steps.includes(m[2])) buckets.set(m[1], (buckets.get(m[1]) ?? 0) + Number(m[3]));
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

// Calls arrive at `perSecond` and each talks about 45 s, so all `calls` are live at once once the
// last has started: the steady arrival rate of 2,000 concurrent calls of that length.
module.exports = async function engineBench({ calls = 2000, perSecond = 50, talkWords = 420 } = {}) {
  const recordings = mkdtempSync(join(process.env.BENCH_RECORDINGS_DIR ?? tmpdir(), 'bench-recordings-'));
  // 100 ms per word: each call rings 2 s, then talks about 45 s.
  const env = {
    ...benchEnv('engine'),
    RECORDINGS_DIR: recordings,
    ENGINE_CONCURRENCY: process.env.ENGINE_CONCURRENCY ?? '20',
    ...(process.env.RECONCILE_INTERVAL_MS ? { RECONCILE_INTERVAL_MS: process.env.RECONCILE_INTERVAL_MS } : {}),
    SIM_MS_PER_WORD: '100',
    SIM_TURN_GAP_MS: '300',
    METRICS_TOKEN: 'bench-metrics',
  };
  await freshDatabase(env);
  const { key } = await benchWorkspace(env, 'bench', { liveCalls: calls + 100 });
  const gwPort = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(gwPort) }, gwPort);
  const enginePort = await freePort();
  const engine = await startProcess(app('call-engine'), { ...env, ENGINE_PORT: String(enginePort) }, enginePort);
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const post = poster(`http://127.0.0.1:${gwPort}/api/core`, key);
    const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const script = [{ say: words(talkWords / 2) }, { hear: words(talkWords / 4) }, { say: words(talkWords / 4) }];
    const { agentId } = await post('/voice/agent', { name: 'Bench', script });

    // A scrape resets prom-client's event-loop figures: the run's, without the engine's start (its largest stall,
    // about 0.6 s before it was ready, was reported as the run's before; 2026-12-04).
    const scrape = () =>
      fetch(`http://127.0.0.1:${enginePort}/metrics`, {
        headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
      }).then((r) => r.text());
    await scrape();
    const cpu0 = cpuSeconds(engine.pid);
    const t0 = Date.now();
    const pending = [];
    for (let tick = 0; tick * (perSecond / 10) < calls; tick++) {
      const n = Math.min(perSecond / 10, calls - tick * (perSecond / 10));
      for (let i = 0; i < n; i++) pending.push(post('/voice/agent/call', { agentId, to: '+14155552671' }));
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + (tick + 1) * 100 - Date.now())));
    }
    await Promise.all(pending);
    const startSeconds = (Date.now() - t0) / 1000;
    await kill(gateway);

    let peakLive = 0;
    for (;;) {
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE status IN ('ringing', 'in-progress'))::int AS live,
                count(*) FILTER (WHERE "recordingReady")::int AS done FROM "Call"`,
      );
      peakLive = Math.max(peakLive, rows[0].live);
      if (rows[0].done >= calls) break;
      if (Date.now() - t0 > 600_000) throw new Error(`only ${rows[0].done}/${calls} calls finished`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const wallSeconds = (Date.now() - t0) / 1000;
    const cpu = cpuSeconds(engine.pid) - cpu0;
    const metrics = await scrape();
    const kinds = {
      transitions: ['connect', 'no-answer', 'fail', 'complete'],
      '  connect': ['connect'],
      '  complete': ['complete'],
      'after the call': ['store-transcript', 'store-recording'],
    };
    const lag = Object.entries(kinds).map(([kind, steps]) => ({
      kind,
      p50: histogramQuantile(metrics, 'call_step_lag_seconds', 0.5, steps),
      p99: histogramQuantile(metrics, 'call_step_lag_seconds', 0.99, steps),
    }));
    const cpuShare = Math.round((cpu / wallSeconds) * 100) / 100;
    // the engine's own event loop over the run (prom-client's default metrics): a stall here is a lag everywhere
    const gauge = (name) => Number(metrics.match(new RegExp(`^${name} ([\\d.e+-]+)`, 'm'))?.[1] ?? NaN);
    const loopMs = {
      p99: Math.round(gauge('nodejs_eventloop_lag_p99_seconds') * 1000),
      max: Math.round(gauge('nodejs_eventloop_lag_max_seconds') * 1000),
    };

    console.log(
      `\nEngine capacity (one process, ${calls} calls started in ${startSeconds.toFixed(1)} s, peak ${peakLive} live)`,
    );
    table(
      lag.map((l) => ({
        steps: l.kind,
        count: l.p50.count,
        'lag p50': `${l.p50.ms} ms`,
        'lag p99': `${l.p99.ms} ms`,
        target: l.kind === 'transitions' ? 'p99 ≤ 250 ms' : '-',
      })),
    );
    console.log(`engine CPU: ${Math.round(cpuShare * 100)}% of one core over ${Math.round(wallSeconds)} s`);
    console.log(`engine event-loop delay: p99 ${loopMs.p99} ms, max ${loopMs.max} ms`);
    return save('engine', {
      calls,
      peakLive,
      startSeconds,
      stepLag: Object.fromEntries(lag.map((l) => [l.kind, { p50Ms: l.p50.ms, p99Ms: l.p99.ms, steps: l.p50.count }])),
      engineCpuSeconds: cpu,
      wallSeconds,
      engineCpuShareOfOneCore: cpuShare,
      eventLoopDelayMs: loopMs,
    });
  } finally {
    await db.end();
    await kill(gateway);
    await kill(engine);
    await dropKeys(env);
    rmSync(recordings, { recursive: true, force: true });
  }
};
