// Benchmark 2: the dispatcher against a bare BullMQ + undici floor. For the defaults a new user gets
// (LOG_LEVEL=info) and tuned (LOG_LEVEL=warn): deliveries/s of a burst of events × webhooks, and
// event→delivery latency, from each event's occurredAt to its arrival at the receiver, for every
// delivery, at a fixed offered rate and at twice what the dispatcher serves with a backlog (where the
// backlog must be served oldest first: the oldest wait against the median, and how far any delivery
// was overtaken by a younger event's, from the receiver's arrival order).
'use strict';
const { join } = require('node:path');
const { Queue } = require('bullmq');
const { freePort, kill, ratio, save, startProcess, table } = require('./lib');
const { dispatchSetup, paced, until } = require('./dispatch-lib');

const SETTINGS = { defaults: { LOG_LEVEL: 'info' }, tuned: { LOG_LEVEL: 'warn' } };

/**
 * Publishes `rate` events/s for `seconds`; answers the receiver's figures once every delivery arrived,
 * with `served`: the deliveries/s that arrived while the events were being published.
 */
async function sustained(s, rate, seconds, webhooks) {
  await s.reset();
  const { published, t0 } = await paced(s, rate, seconds);
  const served = Math.round((await s.stats()).count / ((Date.now() - t0) / 1000));
  await until(s.stats, published * webhooks, t0, 600_000);
  return { ...(await s.stats()), served };
}

/**
 * Deliveries/s the dispatcher serves with a backlog: three times the burst's pace offered for
 * `seconds` (5), counted from the end of its first fifth to its last. A burst starts with every
 * event's fan-out at once and is slower (here 0.6–0.7 of this): twice the burst's pace was 1.2–1.4×
 * this, a backlog that formed late in the window, whose median wait was small beside its last one's.
 */
async function backlogPace(s, burstPerSecond, webhooks, seconds) {
  await s.reset();
  const rate = Math.max(1, Math.round((3 * burstPerSecond) / webhooks));
  const publishing = paced(s, rate, seconds);
  publishing.catch(() => {}); // awaited below: a rejection meanwhile must not be unhandled
  await new Promise((r) => setTimeout(r, seconds * 200));
  const [t1, n1] = [Date.now(), (await s.stats()).count];
  const { published, t0 } = await publishing;
  const [t2, n2] = [Date.now(), (await s.stats()).count];
  await until(s.stats, published * webhooks, t0, 600_000);
  return Math.max(1, Math.round(((n2 - n1) * 1000) / (t2 - t1)));
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
      // twice what the dispatcher serves with a backlog, in events/s
      const pace = await backlogPace(s, perSecond, webhooks, Math.min(5, overload));
      const overloadRate = Math.max(1, Math.round((2 * pace) / webhooks));
      const over = await sustained(s, overloadRate, overload, webhooks);
      await s.stopDispatchers();
      runs[name] = { perSecond, ratio: ratio(perSecond, floor), steady, pace, overloadRate, over };
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
        measure:
          `2× overload: ${r.overloadRate} events/s × ${webhooks} for ${overload} s (${r.over.count}), ` +
          `twice the ${r.pace} deliveries/s served with a backlog`,
        ours:
          `p50 ${r.over.p50} ms, max ${r.over.max} ms: oldest wait ${ratio(r.over.max, r.over.p50)}× the median; ` +
          `overtaken by at most ${r.over.overtakenMs} ms; served ${r.over.served}/s meanwhile ` +
          `(offered ${ratio(r.overloadRate * webhooks, r.over.served)}× that)`,
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
            backlogPace: r.pace,
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
