// Benchmark 2: deliveries per second for a burst of events × webhooks against a bare BullMQ +
// undici floor, and event-to-delivery latency at a fixed offered rate.
'use strict';
const { join } = require('node:path');
const { Queue } = require('bullmq');
const { freePort, kill, ratio, save, startProcess, table } = require('./lib');
const { dispatchSetup, until } = require('./dispatch-lib');

/** Publishes `rate` events/s for `seconds`; answers event→delivery p50/p99 once all arrived. */
async function sustained(s, rate, seconds, webhooks) {
  await s.reset();
  const batch = Math.max(1, Math.round(rate / 20));
  const t0 = Date.now();
  for (let tick = 0; tick < seconds * 20; tick++) {
    await s.publish(batch);
    const next = t0 + (tick + 1) * 50;
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  await until(s.stats, batch * seconds * 20 * webhooks, t0);
  return s.stats();
}

module.exports = async function dispatcherBench({
  events = 1000,
  webhooks = 4,
  rate = 250,
  seconds = 30,
  kneeRates = [100, 200, 300, 400],
  kneeSeconds = 10,
} = {}) {
  const s = await dispatchSetup('dispatcher', webhooks);
  try {
    // ours: burst
    await s.startDispatchers(1);
    await s.reset();
    let t0 = Date.now();
    await s.publish(events);
    const oursSeconds = await until(s.stats, events * webhooks, t0);
    const ours = Math.round((events * webhooks) / oursSeconds);

    // ours: fixed offered rate, latency from occurredAt to arrival
    const latency = await sustained(s, rate, seconds, webhooks);
    // the knee: the highest offered rate whose p99 stays under 1 s
    const knee = [];
    for (const r of kneeRates) knee.push({ rate: r, ...(await sustained(s, r, kneeSeconds, webhooks)) });
    const kneeRate = Math.max(0, ...knee.filter((k) => k.p99 < 1000).map((k) => k.rate));
    await s.stopDispatchers();

    // floor: bare BullMQ worker + undici, same receiver, same number of deliveries
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
    await s.reset();
    const body = JSON.stringify({
      event: 'call.started',
      deliveryId: 'dlv_x',
      occurredAt: new Date().toISOString(),
      data: {},
    });
    t0 = Date.now();
    const jobs = Array.from({ length: events * webhooks }, (_, i) => ({
      name: 'deliver',
      data: { url: `${s.receiverUrl}/hook${i % webhooks}`, body },
      opts: { removeOnComplete: true },
    }));
    for (let i = 0; i < jobs.length; i += 1000) await q.addBulk(jobs.slice(i, i + 1000));
    const floorSeconds = await until(s.stats, events * webhooks, t0);
    const floorRate = Math.round((events * webhooks) / floorSeconds);
    await q.close();
    await kill(floor);

    const rows = [
      {
        measure: `burst ${events} events × ${webhooks} webhooks`,
        ours: `${ours} deliveries/s`,
        floor: `${floorRate} deliveries/s`,
        ratio: ratio(ours, floorRate),
      },
      {
        measure: `event→delivery at ${rate} events/s × ${webhooks} for ${seconds} s`,
        ours: `p50 ${latency.p50} ms, p99 ${latency.p99} ms`,
        floor: '-',
        ratio: '-',
      },
      {
        measure: `knee (p99 < 1 s; ${kneeSeconds} s at ${kneeRates.join('/')} events/s)`,
        ours: `${kneeRate} events/s (${kneeRate * webhooks} deliveries/s)`,
        floor: '-',
        ratio: '-',
      },
    ];
    console.log('\nDispatcher (one process, concurrency 50)');
    table(rows);
    return save('dispatcher', {
      events,
      webhooks,
      oursPerSecond: ours,
      floorPerSecond: floorRate,
      ratio: ratio(ours, floorRate),
      latency: { offeredEventsPerSecond: rate, seconds, webhooks, p50Ms: latency.p50, p99Ms: latency.p99 },
      knee: {
        eventsPerSecond: kneeRate,
        runs: knee.map((k) => ({ eventsPerSecond: k.rate, p50Ms: k.p50, p99Ms: k.p99 })),
      },
    });
  } finally {
    await s.close();
  }
};
