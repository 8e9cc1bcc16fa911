// npm run bench [-- gateway|cpu|dispatcher|engine|fairness|scale|growth|sip|voice|console|slots] [-- --smoke]:
// every benchmark by default. --smoke runs each for about a second with tiny sizes and fails on any error
// (scripts/test.sh runs it, so a benchmark cannot silently break); its figures mean nothing.
// Needs the build (./scripts/up.sh or npm run build) and PostgreSQL and Redis; writes bench/results/<name>.json.
'use strict';
const all = {
  gateway: './gateway',
  cpu: './cpu-per-call',
  dispatcher: './dispatcher',
  engine: './engine',
  fairness: './fairness',
  scale: './scale',
  growth: './growth',
  sip: './sip',
  voice: './voice',
  console: './console',
  slots: './slot-claims',
};

/** Tiny sizes per benchmark for --smoke. */
const SMOKE = {
  gateway: {
    duration: 1,
    connections: 4,
    liveCalls: 20,
    workspaces: 2,
    rounds: 1,
    warmUpWindows: 0,
    settleSeconds: 0,
  },
  cpu: { rate: 20, seconds: 1, rounds: 1, workspaces: 1 },
  dispatcher: { events: 40, webhooks: 2, rate: 40, seconds: 1, overload: 1, rounds: 1 },
  engine: { calls: 20, perSecond: 20, talkWords: 10 },
  fairness: { burst: 40, rate: 10, seconds: 1, slowMs: 100, aloneSeconds: 1 },
  scale: { events: 40, webhooks: 2, processes: [1, 2] },
  growth: { sizes: [200, 400], duration: 1, connections: 2, historySizes: [1000, 2000], otherTenants: 1 },
  sip: { levels: [2], windowSec: 1 },
  voice: { calls: 1, answers: 1 },
  console: { runs: 1 },
  slots: { sizes: [200], slots: 1000, clients: 2 },
};

(async () => {
  const args = process.argv.slice(2);
  const smoke = args.includes('--smoke');
  if (smoke) process.env.BENCH_SMOKE = '1';
  const wanted = args.filter((a) => a in all);
  for (const name of wanted.length ? wanted : Object.keys(all)) {
    const started = Date.now();
    await require(all[name])(smoke ? SMOKE[name] : undefined);
    if (smoke) console.log(`smoke: ${name} ran in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
