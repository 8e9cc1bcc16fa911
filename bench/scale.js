// Benchmark 3: dispatcher throughput with 1, 2 and 4 worker processes, beside the machine's cores.
'use strict';
const os = require('node:os');
const { ratio, save, table } = require('./lib');
const { dispatchSetup, until } = require('./dispatch-lib');

module.exports = async function scaleBench({ events = 1000, webhooks = 4, processes: PROCESSES = [1, 2, 4] } = {}) {
  const s = await dispatchSetup('scale', webhooks);
  const results = {};
  try {
    for (const processes of PROCESSES) {
      await s.startDispatchers(processes);
      await s.reset();
      const t0 = Date.now();
      await s.publish(events);
      results[processes] = Math.round((events * webhooks) / (await until(s.count, events * webhooks, t0)));
      await s.stopDispatchers();
    }
    const cores = os.cpus().length;
    // On few shared cores the processes compete for the same CPUs: a flat line is what to expect there.
    console.log(`\nScale-out (${events} events × ${webhooks} webhooks) on ${cores} cores`);
    table(
      PROCESSES.map((processes) => ({
        processes,
        cores,
        'deliveries/s': results[processes],
        speedup: ratio(results[processes], results[1]),
      })),
    );
    const speedup = Object.fromEntries(PROCESSES.map((p) => [p, ratio(results[p], results[1])]));
    return save('scale', { events, webhooks, cores, deliveriesPerSecond: results, speedup });
  } finally {
    await s.close();
  }
};
