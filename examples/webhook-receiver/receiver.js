// A small webhook receiver for the voice calling service, with no dependencies beyond Node.js.
// It does what spec part 6 asks of a receiver:
//  - compares the Bearer token with its own API key (6.1) and discards the body on a mismatch,
//  - verifies the Standard Webhooks signature (webhook-id, webhook-timestamp, webhook-signature),
//  - answers 2xx at once and does the slow work afterwards (6.1),
//  - de-duplicates on deliveryId (6.4.3),
//  - hands events over in occurredAt / sequence order within a short reorder window (6.4.4),
//  - ignores event names it does not handle (6.4.5).
// Run: API_KEY=vk_… WEBHOOK_SECRET=whsec_… PORT=4000 node receiver.js
'use strict';
const http = require('node:http');
const crypto = require('node:crypto');

const KNOWN_EVENTS = new Set([
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'recording.ready',
  'transcript.ready',
]);

/** Standard Webhooks verification: v1 = base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)). */
function verifySignature(secret, headers, body, now = Date.now(), toleranceSec = 300) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSec) return false; // replayed or clock far off
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(signatures)
    .split(' ')
    .some((sig) => {
      const [version, value] = sig.split(',');
      if (version !== 'v1' || !value) return false;
      const given = Buffer.from(value, 'base64');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}

function sameSecret(a, b) {
  const x = crypto.createHash('sha256').update(String(a)).digest();
  const y = crypto.createHash('sha256').update(String(b)).digest();
  return crypto.timingSafeEqual(x, y);
}

/**
 * createReceiver({ apiKey, secret, onEvent, reorderWindowMs }) → { server, seen, flush() }.
 * onEvent(envelope) gets each event once, in occurredAt order (then sequence) per window.
 */
function createReceiver({ apiKey, secret, onEvent, reorderWindowMs = 1000, maxRemembered = 10000 }) {
  const seen = new Set(); // deliveryIds already accepted (bounded, oldest forgotten first)
  let buffer = [];
  let timer = null;

  const flush = async () => {
    timer = null;
    const batch = buffer.sort(
      (a, b) => a.occurredAt.localeCompare(b.occurredAt) || (a.data.sequence ?? 0) - (b.data.sequence ?? 0),
    );
    buffer = [];
    for (const event of batch) {
      try {
        await onEvent(event);
      } catch (err) {
        console.error(`handling ${event.deliveryId} failed:`, err); // already acknowledged: log and go on
      }
    }
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return res.writeHead(405).end();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!sameSecret(req.headers.authorization ?? '', `Bearer ${apiKey}`)) {
        return res.writeHead(204).end(); // not for us: discard, but stop the retries (spec 6.1)
      }
      if (!verifySignature(secret, req.headers, body)) return res.writeHead(401).end();
      let envelope;
      try {
        envelope = JSON.parse(body);
      } catch {
        return res.writeHead(400).end();
      }
      res.writeHead(204).end(); // acknowledge first; the work happens after
      if (!KNOWN_EVENTS.has(envelope.event) || seen.has(envelope.deliveryId)) return;
      seen.add(envelope.deliveryId);
      if (seen.size > maxRemembered) seen.delete(seen.values().next().value);
      buffer.push(envelope);
      timer ??= setTimeout(flush, reorderWindowMs);
    });
  });
  return { server, seen, flush: () => (timer ? (clearTimeout(timer), flush()) : Promise.resolve()) };
}

module.exports = { createReceiver, verifySignature };

if (require.main === module) {
  const { API_KEY, WEBHOOK_SECRET, PORT = '4000' } = process.env;
  if (!API_KEY || !WEBHOOK_SECRET) {
    console.error('set API_KEY and WEBHOOK_SECRET');
    process.exit(1);
  }
  const { server } = createReceiver({
    apiKey: API_KEY,
    secret: WEBHOOK_SECRET,
    onEvent: (e) => console.log(`${e.occurredAt} ${e.event} call=${e.data.callId} seq=${e.data.sequence}`),
  });
  server.listen(Number(PORT), () => console.log(`webhook receiver on http://127.0.0.1:${PORT}`));
}
