// Benchmark 5: fairness. One workspace bursts events to an endpoint that takes SLOW_MS per reply;
// another workspace's steady events must still be delivered promptly (event→delivery p99). The
// dispatcher runs on the defaults: the slow endpoint's adaptive cap shrinks it to few workers.
'use strict';
const { save, table } = require('./lib');
const { dispatchSetup, paced, until } = require('./dispatch-lib');

/** `rate` events/s of the quiet workspace for `seconds`; answers its event→delivery figures. */
async function quietTraffic(s, rate, seconds) {
  const before = await s.count('fast');
  const { published, t0 } = await paced(s, rate, seconds, { tenant: 1, ticks: 10 });
  await until(() => s.count('fast'), before + published, t0);
  return s.stats('fast');
}

module.exports = async function fairnessBench({
  burst = 5000,
  rate = 20,
  seconds = 20,
  slowMs = 1000,
  aloneSeconds = 5,
} = {}) {
  const s = await dispatchSetup('fairness', 0, {
    workspaces: [['/slow0'], ['/fast0']],
    env: { SLOW_MS: String(slowMs) },
  });
  try {
    await s.startDispatchers(1);
    const alone = await quietTraffic(s, rate, aloneSeconds);
    await s.reset();
    await s.publish(burst, 0);
    const contended = await quietTraffic(s, rate, seconds);
    const slow = await s.stats('slow');
    console.log(`\nFairness (one process, default settings; burst of ${burst} events to a ${slowMs} ms endpoint)`);
    table([
      { 'quiet workspace': 'alone', 'p50 ms': alone.p50, 'p99 ms': alone.p99, target: '-' },
      {
        'quiet workspace': `beside the burst (${rate} events/s for ${seconds} s)`,
        'p50 ms': contended.p50,
        'p99 ms': contended.p99,
        target: 'p99 ≤ 500',
      },
    ]);
    console.log(`slow endpoint meanwhile: ${slow.count} deliveries`);
    return save('fairness', {
      burst,
      slowMs,
      quietEventsPerSecond: rate,
      seconds,
      alone: { p50Ms: alone.p50, p99Ms: alone.p99 },
      beside: { p50Ms: contended.p50, p99Ms: contended.p99 },
      slowDelivered: slow.count,
    });
  } finally {
    await s.close();
  }
};
