// Benchmark 2: the dispatcher against a bare BullMQ + undici floor. For the defaults a new user gets
// (LOG_LEVEL=info) and tuned (LOG_LEVEL=warn): deliveries/s of a burst of events × webhooks, and
// event→delivery latency, from each event's occurredAt to its arrival at the receiver, for every
// delivery, at a fixed offered rate and at twice the burst rate (where a backlog must be served
// oldest first: the oldest wait against the median, and how far any delivery was overtaken by a
// younger event's, from the receiver's arrival order).
'use strict';
const { join } = require('node:path');
const { Queue } = require('bullmq');
const { freePort, kill, ratio, save, startProcess, table } = require('./lib');
const { dispatchSetup, paced, until } = require('./dispatch-lib');

const SETTINGS = { defaults: { LOG_LEVEL: 'info' }, tuned: { LOG_LEVEL: 'warn' } };

/** Publishes `rate` events/s for `seconds`; answers the receiver's figures once every delivery arrived. */
async function sustained(s, rate, seconds, webhooks) {
  await s.reset();
  const { published, t0 } = await paced(s, rate, seconds);
  await until(s.stats, published * webhooks, t0, 600_000);
  return s.stats();
}

/** A fifth of the burst, not measured: the process's code is compiled and its connections open. */
async function warmUp(s, events, webhooks) {
  const n = Math.max(1, Math.round(events / 5));
  await s.reset();
  await s.publish(n);
  await until(s.stats, n * webhooks, Date.now());
}

async function burst(s, events, webhooks) {
  await warmUp(s, events, webhooks);
  await s.reset();
  const t0 = Date.now();
  await s.publish(events);
  return Math.round((events * webhooks) / (await until(s.stats, events * webhooks, t0)));
}

async function floorRate(s, events, webhooks) {
  const port = await freePort();
  const floor = await startProcess(
    join(__dirname, 'floors/dispatcher-floor.js'),
    { ...s.env, PORT: String(port) },
    port,
    '/',
  );
  const q = new Queue('floor-deliveries', {
    connection: { url: s.env.REDIS_URL, maxRetriesPerRequest: null },
    prefix: s.env.QUEUE_PREFIX,
  });
  try {
    const body = JSON.stringify({
      event: 'call.started',
      deliveryId: 'dlv_x',
      occurredAt: new Date().toISOString(),
      data: {},
    });
    const jobs = (n) =>
      Array.from({ length: n * webhooks }, (_, i) => ({
        name: 'deliver',
        data: { url: `${s.receiverUrl}/hook${i % webhooks}`, body },
        opts: { removeOnComplete: true },
      }));
    const run = async (n) => {
      await s.reset();
      const t0 = Date.now();
      const all = jobs(n);
      for (let i = 0; i < all.length; i += 1000) await q.addBulk(all.slice(i, i + 1000));
      return until(s.stats, n * webhooks, t0);
    };
    await run(Math.max(1, Math.round(events / 5))); // warm-up, as ours gets
    return Math.round((events * webhooks) / (await run(events)));
  } finally {
    await q.close();
    await kill(floor);
  }
}

module.exports = async function dispatcherBench({
  events = 1000,
  webhooks = 4,
  rate = 250,
  seconds = 30,
  overload = 10,
} = {}) {
  const s = await dispatchSetup('dispatcher', webhooks);
  try {
    const floor = await floorRate(s, events, webhooks);
    const runs = {};
    for (const [name, settings] of Object.entries(SETTINGS)) {
      await s.startDispatchers(1, settings);
      const perSecond = await burst(s, events, webhooks);
      const steady = await sustained(s, rate, seconds, webhooks);
      // twice what the burst showed the dispatcher can deliver, in events/s
      const overloadRate = Math.max(1, Math.round((2 * perSecond) / webhooks));
      const over = await sustained(s, overloadRate, overload, webhooks);
      await s.stopDispatchers();
      runs[name] = { perSecond, ratio: ratio(perSecond, floor), steady, overloadRate, over };
    }
    const rows = Object.entries(runs).flatMap(([name, r]) => [
      {
        settings: name,
        measure: `burst ${events} events × ${webhooks} webhooks`,
        ours: `${r.perSecond} deliveries/s`,
        'ratio to floor': r.ratio,
      },
      {
        settings: name,
        measure: `event→delivery at ${rate} events/s × ${webhooks} for ${seconds} s (${r.steady.count} deliveries)`,
        ours: `p50 ${r.steady.p50} ms, p99 ${r.steady.p99} ms, max ${r.steady.max} ms`,
        'ratio to floor': '-',
      },
      {
        settings: name,
        measure: `2× overload: ${r.overloadRate} events/s × ${webhooks} for ${overload} s (${r.over.count})`,
        ours:
          `p50 ${r.over.p50} ms, max ${r.over.max} ms: oldest wait ${ratio(r.over.max, r.over.p50)}× the median; ` +
          `overtaken by at most ${r.over.overtakenMs} ms`,
        'ratio to floor': '-',
      },
    ]);
    console.log(`\nDispatcher (one process; floor: bare BullMQ + undici, ${floor} deliveries/s)`);
    table(rows);
    return save('dispatcher', {
      events,
      webhooks,
      floorPerSecond: floor,
      runs: Object.fromEntries(
        Object.entries(runs).map(([name, r]) => [
          name,
          {
            settings: SETTINGS[name],
            perSecond: r.perSecond,
            ratio: r.ratio,
            steady: { eventsPerSecond: rate, seconds, ...r.steady },
            overload: {
              eventsPerSecond: r.overloadRate,
              seconds: overload,
              ...r.over,
              maxOverMedian: ratio(r.over.max, r.over.p50),
            },
          },
        ]),
      ),
    });
  } finally {
    await s.close();
  }
};
