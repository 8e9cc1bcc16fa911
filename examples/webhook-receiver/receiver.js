// A small webhook receiver for the voice calling service, built on its SDK (@voicecalls/sdk).
// It does what spec part 6 asks of a receiver:
//  - verifies the Standard Webhooks signature and the Bearer key with the SDK's verifyWebhook (6.1),
//  - discards a delivery that carries another API key, still answering 2xx to stop its retries (6.1),
//  - answers 2xx at once and does the slow work afterwards (6.1),
//  - de-duplicates on deliveryId (6.4.3),
//  - hands events over in occurredAt / sequence order within a short reorder window (6.4.4),
//  - ignores event names it does not handle (6.4.5).
// Run: API_KEY=vk_… WEBHOOK_SECRET=whsec_… PORT=4000 node receiver.js
'use strict';
const http = require('node:http');
const { verifyWebhook, WebhookVerificationError } = require('@voicecalls/sdk');

const KNOWN_EVENTS = new Set([
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'recording.ready',
  'transcript.ready',
]);

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
      let envelope;
      try {
        envelope = verifyWebhook(Buffer.concat(chunks), req.headers, { secret, apiKey });
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) throw err;
        // another key: not for us, discard but stop the retries (spec 6.1); anything else is refused
        return res.writeHead({ 'api-key': 204, body: 400 }[err.reason] ?? 401).end();
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

module.exports = { createReceiver };

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
