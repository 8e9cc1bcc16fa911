// Benchmark 3: dispatcher throughput with one and with two worker processes.
'use strict';
const { ratio, save, table } = require('./lib');
const { dispatchSetup, until } = require('./dispatch-lib');

module.exports = async function scaleBench({ events = 1000, webhooks = 4 } = {}) {
  const s = await dispatchSetup('scale', webhooks);
  const results = {};
  try {
    for (const processes of [1, 2]) {
      await s.startDispatchers(processes);
      await s.reset();
      const t0 = Date.now();
      await s.publish(events);
      results[processes] = Math.round((events * webhooks) / (await until(s.stats, events * webhooks, t0)));
      await s.stopDispatchers();
    }
    console.log(`\nScale-out (${events} events × ${webhooks} webhooks)`);
    table([
      { processes: 1, 'deliveries/s': results[1], speedup: 1 },
      { processes: 2, 'deliveries/s': results[2], speedup: ratio(results[2], results[1]) },
    ]);
    return save('scale', { events, webhooks, deliveriesPerSecond: results, speedup: ratio(results[2], results[1]) });
  } finally {
    await s.close();
  }
};
