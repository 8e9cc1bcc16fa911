// A webhook receiver for the benchmarks: answers 200 at once, counts deliveries, and measures
// event-to-delivery lag from the envelope's occurredAt (same machine, same clock).
'use strict';
const http = require('node:http');

let count = 0;
let lags = [];
http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/stats') {
      const sorted = [...lags].sort((a, b) => a - b);
      const pct = (p) =>
        sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
      return res.end(JSON.stringify({ count, p50: pct(50), p99: pct(99) }));
    }
    if (req.method === 'POST' && req.url === '/reset') {
      count = 0;
      lags = [];
      return res.end('{}');
    }
    if (req.method === 'GET') return res.end('ok');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      count += 1;
      try {
        const { occurredAt } = JSON.parse(Buffer.concat(chunks).toString());
        if (occurredAt) lags.push(Date.now() - Date.parse(occurredAt));
      } catch {
        /* not an envelope */
      }
      res.writeHead(200).end();
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
