// Benchmark 7: concurrent SIP calls with media on one engine process, against sipp answering with
// RTP echo on loopback. For each level of concurrent calls: calls held, the send-interval error of
// every RTP packet (p50/p99: the jitter of our 20 ms clock), packets the echo did not bring back,
// and the engine's CPU per call. The knee is the highest level with p99 ≤ 5 ms and no loss.
'use strict';
const { spawnSync } = require('node:child_process');
const { createSocket } = require('node:dgram');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const {
  ROOT,
  app,
  benchEnv,
  cli,
  cpuSeconds,
  dropKeys,
  freePort,
  freshDatabase,
  kill,
  save,
  startProcess,
  table,
} = require('./lib');

const PEER = '127.0.0.2';
const HOLD_HEARS = 6; // each waits NO_SPEECH_TIMEOUT_MS for speech the echo never brings

async function freeUdpPort(address) {
  for (;;) {
    const port = await new Promise((resolve) => {
      const s = createSocket('udp4');
      s.bind(0, address, () => {
        const { port: p } = s.address();
        s.close(() => resolve(p));
      });
    });
    if (port % 2 === 0) return port;
  }
}

/** Bucket counts of an unlabelled histogram, or the value of a counter with a label, from /metrics text. */
function buckets(text, name) {
  const out = new Map();
  for (const m of text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\d+)`, 'gm'))) {
    out.set(m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2]));
  }
  return out;
}
const counter = (text, name, kind) =>
  Number(new RegExp(`^${name}\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);

/** Quantile (ms) of the difference of two cumulative bucket snapshots, linear within a bucket. */
function quantileMs(after, before, q) {
  const les = [...after.keys()].sort((a, b) => a - b);
  const count = (le) => after.get(le) - (before.get(le) ?? 0);
  const total = count(Infinity);
  if (!total) return null;
  let [prevLe, prevN] = [0, 0];
  for (const le of les) {
    const n = count(le);
    if (n >= q * total) {
      if (le === Infinity) return `> ${prevLe * 1000}`;
      const within = n === prevN ? 0 : (q * total - prevN) / (n - prevN);
      return Math.round((prevLe + (le - prevLe) * within) * 10000) / 10;
    }
    [prevLe, prevN] = [le, n];
  }
  return null;
}

module.exports = async function sipBench({ levels = [25, 50, 100, 150, 200, 300], windowSec = 10 } = {}) {
  const rtp = await freeUdpPort('127.0.0.1');
  const sipPort = await freeUdpPort('127.0.0.1');
  const env = {
    ...benchEnv('sip'),
    METRICS_TOKEN: 'bench-metrics',
    SIP_ADDRESS: '127.0.0.1',
    SIP_PORT: String(sipPort),
    RTP_PORT_MIN: String(rtp),
    RTP_PORT_MAX: String(rtp + 2 * Math.max(...levels) + 10),
    NO_SPEECH_TIMEOUT_MS: '5000',
    RECORDINGS_DIR: mkdtempSync(join(tmpdir(), 'bench-recordings-')),
  };
  await freshDatabase(env);
  const ws = cli(env, 'workspace', 'create', 'bench');
  cli(env, 'workspace', 'limits', ws, '--live-calls', '100000');
  const key = cli(env, 'key', 'create', '--workspace', ws, '--name', 'bench', '--role', 'admin');
  const gwPort = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(gwPort) }, gwPort);
  const enginePort = await freePort();
  const engine = await startProcess(app('call-engine'), { ...env, ENGINE_PORT: String(enginePort) }, enginePort);
  const peerPort = await freeUdpPort(PEER);
  const sipp = spawnSync('sipp', [
    ...['-sf', join(ROOT, 'test/sip/answer.xml'), '-i', PEER, '-p', String(peerPort)],
    ...['-mi', PEER, '-mp', String(await freeUdpPort(PEER)), '-rtp_echo', '-bg', '-nostdin'],
  ]);
  const sippPid = Number(/PID=\[(\d+)\]/.exec(String(sipp.stdout))?.[1]);
  if (!sippPid) throw new Error(`sipp did not start: ${sipp.stdout}${sipp.stderr}`);
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const api = (method, path, body) =>
    fetch(`http://127.0.0.1:${gwPort}/api/core${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
  const metrics = () =>
    fetch(`http://127.0.0.1:${enginePort}/metrics`, { headers: { authorization: 'Bearer bench-metrics' } }).then((r) =>
      r.text(),
    );
  const live = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM "Call" WHERE status = 'in-progress'`)).rows[0].n;
  try {
    const trunk = await api('POST', '/voice/trunk', { name: 'sipp', host: PEER, port: peerPort });
    await api('POST', '/voice/number', { number: '+14155559900', trunkId: trunk.trunkId });
    const script = [...Array.from({ length: HOLD_HEARS }, () => ({ hear: 'anything' })), { hangup: 'assistant' }];
    const { agentId } = await api('POST', '/voice/agent', {
      name: 'Bench',
      firstMessage: 'Hello, this is the benchmark calling, please hold the line for a little while.',
      script,
    });
    const rows = [];
    for (const level of levels) {
      const ids = [];
      for (let i = 0; i < level; i++) {
        ids.push(
          (await api('POST', '/voice/agent/call', { agentId, to: '+14155550123', from: '+14155559900' })).callId,
        );
      }
      const deadline = Date.now() + 30_000;
      while ((await live()) < level && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const held = await live();
      const before = await metrics();
      const cpu0 = cpuSeconds(engine.pid);
      await new Promise((r) => setTimeout(r, windowSec * 1000));
      const cpu = cpuSeconds(engine.pid) - cpu0;
      const after = await metrics();
      const stillHeld = await live();
      for (const id of ids) await api('POST', `/voice/call/${id}/end`, {});
      const until = Date.now() + 30_000;
      while ((await live()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const ended = await metrics();
      const [b0, b1] = [
        buckets(before, 'rtp_send_interval_error_seconds'),
        buckets(after, 'rtp_send_interval_error_seconds'),
      ];
      const lost = counter(ended, 'rtp_packets_total', 'lost') - counter(before, 'rtp_packets_total', 'lost');
      const sent = counter(ended, 'rtp_packets_total', 'sent') - counter(before, 'rtp_packets_total', 'sent');
      rows.push({
        calls: level,
        held: Math.min(held, stillHeld),
        'jitter p50 ms': quantileMs(b1, b0, 0.5),
        'jitter p99 ms': quantileMs(b1, b0, 0.99),
        'packets sent': sent,
        lost,
        'engine CPU %/call': Math.round(((cpu / windowSec) * 10000) / Math.max(1, held)) / 100,
        'engine CPU % of a core': Math.round((cpu / windowSec) * 100),
      });
    }
    const knee = [...rows]
      .reverse()
      .find(
        (r) => r.held === r.calls && r.lost === 0 && typeof r['jitter p99 ms'] === 'number' && r['jitter p99 ms'] <= 5,
      );
    console.log(`\nSIP calls with media on one engine (sipp -rtp_echo on loopback, ${windowSec} s window per level)`);
    table(rows);
    console.log(
      `knee (p99 ≤ 5 ms, nothing lost, every call held): ${knee ? `${knee.calls} calls` : 'below the first level'}`,
    );
    return save('sip', { levels: rows, kneeCalls: knee?.calls ?? null, windowSec });
  } finally {
    try {
      process.kill(sippPid, 'SIGKILL');
    } catch {
      // gone
    }
    await db.end();
    await kill(engine);
    await kill(gateway);
    await dropKeys(env);
  }
};
