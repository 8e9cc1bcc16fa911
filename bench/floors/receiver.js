// A webhook receiver for the benchmarks: answers 200 (after SLOW_MS on /slow… paths), counts
// deliveries, and measures event-to-delivery lag from the envelope's occurredAt (same machine,
// same clock), overall and per group (the path without its trailing digits: /hook3 → hook). It also
// measures order: `overtakenMs`, the most any delivery's event occurred before one already delivered
// in its group (0 when each group is delivered oldest first; seconds when a backlog is served newest
// first).
'use strict';
const http = require('node:http');

const SLOW_MS = Number(process.env.SLOW_MS ?? 1000);
let groups = new Map();

function stats(lags, count, overtakenMs) {
  const sorted = [...lags].sort((a, b) => a - b);
  const pct = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
  return { count, p50: pct(50), p99: pct(99), max: sorted.at(-1) ?? null, overtakenMs };
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
    if (req.method === 'POST' && url.pathname === '/reset') {
      groups = new Map();
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
