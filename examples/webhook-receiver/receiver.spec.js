const { Webhook } = require('standardwebhooks');
const { createReceiver } = require('./receiver');

const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
const apiKey = 'vk_exampleKeyexampleKeyexampleKeyexampleKey1234';

/** Sends a delivery signed the way the service signs it. */
async function deliver(port, envelope, { key = apiKey, sign = secret, at = new Date(), raw = false } = {}) {
  const body = raw ? envelope : JSON.stringify(envelope);
  const id = raw ? 'dlv_raw' : envelope.deliveryId;
  const res = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(sign).sign(id, at, body),
    },
    body,
  });
  return res.status;
}

const envelope = (deliveryId, event, occurredAt, sequence, callId = 'call_1') => ({
  event,
  deliveryId,
  occurredAt,
  data: { callId, sequence },
});

describe('webhook receiver example', () => {
  let receiver;
  let port;
  let handled;
  let release;

  beforeEach(async () => {
    handled = [];
    release = null;
    receiver = createReceiver({
      apiKey,
      secret,
      reorderWindowMs: 60_000, // flushed by the tests
      onEvent: async (e) => {
        handled.push(e);
        if (release) await release.promise;
      },
    });
    await new Promise((r) => receiver.server.listen(0, '127.0.0.1', r));
    port = receiver.server.address().port;
  });
  afterEach(async () => {
    await receiver.flush(); // no reorder timer left behind
    receiver.server.closeAllConnections(); // fetch keeps connections alive
    await new Promise((r) => receiver.server.close(r));
  });

  it('accepts deliveries signed by the standardwebhooks package; refuses forged, stale, malformed ones', async () => {
    const ok = envelope('dlv_ok', 'call.started', '2026-01-01T00:00:00.000Z', 1);
    expect(await deliver(port, ok)).toBe(204);
    const forged = { sign: 'whsec_' + Buffer.alloc(32, 1).toString('base64') };
    expect(await deliver(port, envelope('dlv_f', 'call.started', '2026-01-01T00:00:00.000Z', 1), forged)).toBe(401);
    const stale = { at: new Date(Date.now() - 10 * 60 * 1000) };
    expect(await deliver(port, envelope('dlv_s', 'call.started', '2026-01-01T00:00:00.000Z', 1), stale)).toBe(401);
    expect(await deliver(port, 'not json', { raw: true })).toBe(400);
    await receiver.flush();
    expect(handled.map((e) => e.deliveryId)).toEqual(['dlv_ok']);
  });

  it('answers 2xx at once, before the slow work is done', async () => {
    let open;
    release = { promise: new Promise((r) => (open = r)) };
    expect(await deliver(port, envelope('dlv_a', 'call.completed', '2026-01-01T00:00:01.000Z', 3))).toBe(204);
    const flushing = receiver.flush();
    expect(handled).toHaveLength(1); // the handler is running and has not finished...
    // ...and the receiver still answers
    expect(await deliver(port, envelope('dlv_b', 'call.started', '2026-01-01T00:00:00.000Z', 1))).toBe(204);
    open();
    await flushing;
  });

  it('de-duplicates on deliveryId and orders by occurredAt then sequence; ignores unknown events', async () => {
    expect(await deliver(port, envelope('dlv_3', 'call.completed', '2026-01-01T00:00:05.000Z', 3))).toBe(204);
    expect(await deliver(port, envelope('dlv_1', 'call.started', '2026-01-01T00:00:00.000Z', 1))).toBe(204);
    expect(await deliver(port, envelope('dlv_1', 'call.started', '2026-01-01T00:00:00.000Z', 1))).toBe(204);
    expect(await deliver(port, envelope('dlv_2', 'call.connected', '2026-01-01T00:00:02.000Z', 2))).toBe(204);
    expect(await deliver(port, envelope('dlv_x', 'call.transferred', '2026-01-01T00:00:03.000Z', 9))).toBe(204);
    await receiver.flush();
    expect(handled.map((e) => e.deliveryId)).toEqual(['dlv_1', 'dlv_2', 'dlv_3']);
  });

  it('discards deliveries carrying another key (still 2xx) and refuses bad signatures with 401', async () => {
    expect(
      await deliver(port, envelope('dlv_k', 'call.started', '2026-01-01T00:00:00.000Z', 1), { key: 'vk_someoneElse' }),
    ).toBe(204);
    expect(
      await deliver(port, envelope('dlv_s', 'call.started', '2026-01-01T00:00:00.000Z', 1), {
        sign: 'whsec_' + Buffer.alloc(32, 2).toString('base64'),
      }),
    ).toBe(401);
    await receiver.flush();
    expect(handled).toHaveLength(0);
  });
});
