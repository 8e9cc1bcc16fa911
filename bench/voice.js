// Benchmark 8: voice-to-voice latency on real SIP calls. `calls` baresip phones on loopback each
// take a call and play recorded customer answers (flite, into WAV files made here) to a
// three-question script; every answer of the assistant records how long after the end of the
// caller's speech its first audio went out, and what that wait was spent on. Reports p50/p99 of
// the whole and of each part, and the floor: the end-of-turn silence the assistant must wait.
'use strict';
const { spawn } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ROOT, save, table } = require('./lib');
const { PEER, freeUdpPort, startSipStack } = require('./sip-stack');

const { Speech } = require(join(ROOT, 'dist/apps/call-engine/src/media/speech.js'));
const { monoWav } = require(join(ROOT, 'dist/apps/call-engine/src/media/wav.js'));

const RATE = 8000;
const END_OF_TURN_MS = 600;
const SCRIPT = [
  { hear: 'Yes please.' },
  { say: 'Great. Which day suits you best?' },
  { hear: 'Tuesday would be best.' },
  { say: 'Thank you. Morning or afternoon?' },
  { hear: 'In the morning please.' },
  { say: 'Perfect, you are booked. Goodbye!' },
  { hangup: 'assistant' },
];
/** When the phone says each answer (s after it answers): well after the assistant's line before it. */
const ANSWERS = [
  [4, 'Yes please.'],
  [13, 'Tuesday would be best.'],
  [22, 'In the morning please.'],
];

/** A baresip phone that answers by itself and plays `wav` (what the customer says). */
async function startPhone(wav) {
  const port = await freeUdpPort(PEER);
  const rtp = await freeUdpPort(PEER, 12); // rtp_ports below: rtp … rtp + 10
  const dir = mkdtempSync(join(tmpdir(), 'bench-baresip-'));
  mkdirSync(join(dir, 'recordings'));
  const config = [
    'poll_method epoll',
    `sip_listen ${PEER}:${port}`,
    `net_interface ${PEER}`,
    `rtp_ports ${rtp}-${rtp + 10}`,
    `audio_source aufile,${wav}`,
    'audio_player aufile,/dev/null',
    'audio_alert aufile,/dev/null',
    'module_path /usr/lib/baresip/modules',
    'module g711.so',
    'module aufile.so',
    'module_app account.so',
    'module_app menu.so',
  ];
  writeFileSync(join(dir, 'config'), `${config.join('\n')}\n`);
  writeFileSync(join(dir, 'accounts'), `<sip:+14155550123@${PEER}>;regint=0;audio_codecs=PCMU;answermode=auto\n`);
  const proc = spawn('baresip', ['-f', dir], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  for (let waited = 0; !out.includes('baresip is ready'); waited += 50) {
    if (proc.exitCode !== null || waited > 10_000) throw new Error(`baresip did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { port, stop: () => proc.kill('SIGKILL') };
}

const quantile = (values, q) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

module.exports = async function voiceBench({ calls = 10, answers: answerCount = ANSWERS.length } = {}) {
  const speech = new Speech();
  const line = new Int16Array(RATE * 90);
  // the first `answerCount` questions and answers, then goodbye
  const script = [...SCRIPT.slice(0, 2 * answerCount - 1), ...SCRIPT.slice(-2)];
  for (const [atSec, text] of ANSWERS.slice(0, answerCount))
    line.set(await speech.speak(text, 'en', 'flite:awb'), atSec * RATE);
  const wav = join(mkdtempSync(join(tmpdir(), 'bench-line-')), 'customer.wav');
  writeFileSync(wav, monoWav(line));
  const { api, db, stop } = await startSipStack('voice', {
    rtpPorts: 4 * calls + 10,
    env: { NO_SPEECH_TIMEOUT_MS: '12000', END_OF_TURN_SILENCE_MS: String(END_OF_TURN_MS) },
  });
  const phones = [];
  try {
    const { agentId } = await api('POST', '/voice/agent', {
      name: 'Bench',
      firstMessage: 'Hello, this is the clinic. Would you like to book an appointment?',
      script,
      // the phones play their answers at fixed times: an answer never talks over the next question
      listening: { bargeIn: false },
    });
    const ids = [];
    for (let n = 0; n < calls; n++) {
      const phone = await startPhone(wav);
      phones.push(phone);
      const trunk = await api('POST', '/voice/trunk', { name: `phone ${n}`, host: PEER, port: phone.port });
      const number = `+1415555${String(7000 + n)}`;
      await api('POST', '/voice/number', { number, trunkId: trunk.trunkId });
      ids.push(api('POST', '/voice/agent/call', { agentId, to: '+14155550123', from: number }).then((c) => c.callId));
    }
    const callIds = await Promise.all(ids);
    const deadline = Date.now() + 90_000;
    const done = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM "Call" WHERE id = ANY($1) AND "transcriptReady"`, [callIds]))
        .rows[0].n;
    while ((await done()) < calls && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const outcomes = await db.query(
      `SELECT status::text || ' ' || coalesce("endedReason", '') AS outcome, count(*)::int AS n
       FROM "Call" WHERE id = ANY($1) GROUP BY 1`,
      [callIds],
    );
    console.log(`calls: ${outcomes.rows.map((r) => `${r.n} ${r.outcome}`).join(', ')}`);
    const answers = [];
    for (const id of callIds) {
      const transcript = await api('GET', `/voice/call/${id}/transcript`);
      for (const t of transcript.turns ?? []) if (t.latencyMs !== undefined) answers.push(t);
    }
    const parts = ['endOfTurnMs', 'recognitionMs', 'brainMs', 'synthesisMs'];
    const of = (pick) => answers.map(pick);
    const rows = [
      { measure: 'voice-to-voice', ...stats(of((a) => a.latencyMs)) },
      ...parts.map((p) => ({ measure: p, ...stats(of((a) => a.latencyParts[p])) })),
    ];
    const p50 = quantile(
      of((a) => a.latencyMs),
      0.5,
    );
    console.log(`\nVoice-to-voice latency: ${calls} concurrent SIP calls (baresip), ${answers.length} answers`);
    table(rows);
    const dominant = parts
      .map((p) => [
        p,
        quantile(
          of((a) => a.latencyParts[p]),
          0.5,
        ),
      ])
      .sort((a, b) => b[1] - a[1])[0];
    console.log(
      `floor: the end-of-turn silence (${END_OF_TURN_MS} ms); ` +
        `p50 is ${p50 === null ? '–' : (p50 / END_OF_TURN_MS).toFixed(2)}× it; ` +
        `target p50 ≤ 800 ms, p99 ≤ 1,500 ms; the largest part at p50: ${dominant[0]} (${dominant[1]} ms)`,
    );
    return save('voice', { calls, answers: answers.length, rows, endOfTurnMs: END_OF_TURN_MS, dominant: dominant[0] });
  } finally {
    phones.forEach((p) => p.stop());
    await stop();
  }
};

function stats(values) {
  return {
    n: values.length,
    'p50 ms': quantile(values, 0.5),
    'p99 ms': quantile(values, 0.99),
    'max ms': values.length ? Math.max(...values) : null,
  };
}
