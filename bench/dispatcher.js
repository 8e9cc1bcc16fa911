// Benchmark 2: deliveries per second for a burst of events × webhooks against a bare BullMQ +
// undici floor, and event-to-delivery latency at a fixed offered rate.
'use strict';
const { join } = require('node:path');
const { Queue } = require('bullmq');
const { freePort, kill, ratio, save, startProcess, table } = require('./lib');
const { dispatchSetup, until } = require('./dispatch-lib');

module.exports = async function dispatcherBench({ events = 1000, webhooks = 4, rate = 500, seconds = 6 } = {}) {
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
    await s.reset();
    const batch = Math.max(1, Math.round(rate / 20));
    t0 = Date.now();
    for (let tick = 0; tick < seconds * 20; tick++) {
      await s.publish(batch);
      const next = t0 + (tick + 1) * 50;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    const offered = batch * seconds * 20;
    await until(s.stats, offered * webhooks, t0);
    const latency = await s.stats();
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
        measure: `event→delivery at ${rate} events/s × ${webhooks}`,
        ours: `p50 ${latency.p50} ms, p99 ${latency.p99} ms`,
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
      latency: { offeredEventsPerSecond: rate, webhooks, p50Ms: latency.p50, p99Ms: latency.p99 },
    });
  } finally {
    await s.close();
  }
};
