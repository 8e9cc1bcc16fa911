// npm run bench [-- gateway|dispatcher|engine|fairness|scale|growth|sip|voice]: every benchmark by default.
// Needs the build (./scripts/up.sh or npm run build) and PostgreSQL and Redis; writes bench/results/<name>.json.
'use strict';
const all = {
  gateway: './gateway',
  dispatcher: './dispatcher',
  engine: './engine',
  fairness: './fairness',
  scale: './scale',
  growth: './growth',
  sip: './sip',
  voice: './voice',
};

(async () => {
  const wanted = process.argv.slice(2).filter((a) => a in all);
  for (const name of wanted.length ? wanted : Object.keys(all)) await require(all[name])();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
