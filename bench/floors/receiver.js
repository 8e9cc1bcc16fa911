// A webhook receiver for the benchmarks: answers 200 (after SLOW_MS on /slow… paths), counts
// deliveries, and measures event-to-delivery lag from the envelope's occurredAt (same machine,
// same clock), overall and per group (the path without its trailing digits: /hook3 → hook). It also
// measures order: `overtakenMs`, the most any delivery's event occurred before one already delivered
// in its group (0 when each group is delivered oldest first; seconds when a backlog is served newest
// first). GET /timeline: per second since the first event after a reset, the events' mean and max lag
// and the deliveries that arrived in that second (whether a max came from the order or from the pace).
// GET /count answers the count alone: the benchmarks poll it while deliveries arrive, and /stats sorts
// every lag (about 30 ms at 60,000), which would slow this receiver, and so the pace it measures, as
// a backlog drains.
'use strict';
const http = require('node:http');

const SLOW_MS = Number(process.env.SLOW_MS ?? 1000);
let groups = new Map();
let timeline = [];

function stats(lags, count, overtakenMs) {
  const sorted = [...lags].sort((a, b) => a - b);
  const pct = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
  return { count, p50: pct(50), p99: pct(99), max: sorted.at(-1) ?? null, overtakenMs };
}

/** Per second of the timeline: the events that occurred in it, their mean and max lag, the deliveries arrived in it. */
function seconds(pairs) {
  const t0 = pairs.reduce((min, [at]) => Math.min(min, at), Infinity);
  const rows = [];
  const empty = () => ({ events: 0, lagSum: 0, maxLag: 0, arrived: 0 });
  const row = (ms) => (rows[Math.floor((ms - t0) / 1000)] ??= empty());
  for (const [at, arrived] of pairs) {
    const r = row(at);
    r.events += 1;
    r.lagSum += arrived - at;
    r.maxLag = Math.max(r.maxLag, arrived - at);
    row(arrived).arrived += 1;
  }
  return Array.from(rows, (r = empty(), second) => ({
    second,
    events: r.events,
    meanLag: r.events ? Math.round(r.lagSum / r.events) : null,
    maxLag: r.events ? r.maxLag : null,
    arrived: r.arrived,
  }));
}

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/stats') {
      const wanted = url.searchParams.get('group');
      const chosen = [...groups].filter(([name]) => !wanted || name === wanted).map(([, g]) => g);
      const lags = chosen.flatMap((g) => g.lags);
      return res.end(
        JSON.stringify(
          stats(
            lags,
            chosen.reduce((n, g) => n + g.count, 0),
            Math.max(0, ...chosen.map((g) => g.overtakenMs)),
          ),
        ),
      );
    }
    if (req.method === 'GET' && url.pathname === '/count') {
      const wanted = url.searchParams.get('group');
      const count = [...groups].reduce((n, [name, g]) => (!wanted || name === wanted ? n + g.count : n), 0);
      return res.end(JSON.stringify({ count }));
    }
    if (req.method === 'GET' && url.pathname === '/timeline') return res.end(JSON.stringify(seconds(timeline)));
    if (req.method === 'POST' && url.pathname === '/reset') {
      groups = new Map();
      timeline = [];
      return res.end('{}');
    }
    if (req.method === 'GET') return res.end('ok');
    const name = url.pathname.slice(1).replace(/\d+$/, '');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const arrived = Date.now();
      const reply = () => {
        const group = groups.get(name) ?? groups.set(name, { count: 0, lags: [], newest: 0, overtakenMs: 0 }).get(name);
        group.count += 1;
        try {
          const { occurredAt } = JSON.parse(Buffer.concat(chunks).toString());
          if (occurredAt) {
            const at = Date.parse(occurredAt);
            group.lags.push(arrived - at);
            timeline.push([at, arrived]);
            group.overtakenMs = Math.max(group.overtakenMs, group.newest - at);
            group.newest = Math.max(group.newest, at);
          }
        } catch {
          /* not an envelope */
        }
        res.writeHead(200).end();
      };
      if (name === 'slow') setTimeout(reply, SLOW_MS);
      else reply();
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
