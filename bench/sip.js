// Benchmark 7: concurrent SIP calls with media on one engine process, against sipp answering with
// RTP echo on loopback. For each level of concurrent calls: calls held, the send-interval error of
// every RTP packet (p50/p99: the jitter of our 20 ms clock), packets the echo did not bring back,
// and the engine's CPU per call. The knee is the highest level with p99 ≤ 5 ms and no loss.
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { ROOT, cpuSeconds, save, table } = require('./lib');
const { PEER, freeUdpPort, startSipStack } = require('./sip-stack');

const HOLD_HEARS = 6; // each waits NO_SPEECH_TIMEOUT_MS for speech the echo never brings

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
  const rtpPorts = 2 * Math.max(...levels) + 10;
  const { engine, db, api, metrics, stop } = await startSipStack('sip', {
    rtpPorts,
    env: { NO_SPEECH_TIMEOUT_MS: '5000' },
  });
  const peerPort = await freeUdpPort(PEER);
  // sipp's echo binds audio RTP and RTCP, then video RTP and RTCP on the two ports after -mp
  const sipp = spawnSync('sipp', [
    ...['-sf', join(ROOT, 'test/sip/answer.xml'), '-i', PEER, '-p', String(peerPort)],
    ...['-mi', PEER, '-mp', String(await freeUdpPort(PEER, 4)), '-rtp_echo', '-bg', '-nostdin'],
  ]);
  const sippPid = Number(/PID=\[(\d+)\]/.exec(String(sipp.stdout))?.[1]);
  if (!sippPid) throw new Error(`sipp did not start: ${sipp.stdout}${sipp.stderr}`);
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
    await stop();
  }
};
