// Benchmark 1: the gateway's start-call and get-call against its floor, same run, same machine.
'use strict';
const {
  app,
  benchEnv,
  dropKeys,
  cli,
  freshDatabase,
  freePort,
  kill,
  load,
  ratio,
  save,
  startProcess,
  table,
} = require('./lib');
const { join } = require('node:path');

module.exports = async function gatewayBench({ duration = 8, connections = 50 } = {}) {
  const env = benchEnv('gateway');
  await freshDatabase(env);
  const ws = cli(env, 'workspace', 'create', 'bench');
  // Benchmarks measure throughput, not the live-call limit (README "Concurrency").
  cli(env, 'workspace', 'limits', ws, '--live-calls', '100000');
  const admin = cli(env, 'key', 'create', '--workspace', ws, '--name', 'bench', '--role', 'admin');
  const port = await freePort();
  const ours = await startProcess(app('api-gateway'), { ...env, PORT: String(port) }, port);
  const base = `http://127.0.0.1:${port}/api/core`;
  const headers = { authorization: `Bearer ${admin}` };
  const agentId = (
    await (
      await fetch(`${base}/voice/agent`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench' }),
      })
    ).json()
  ).agentId;
  const floorPort = await freePort();
  const floor = await startProcess(
    join(__dirname, 'floors/gateway-floor.js'),
    { ...env, PORT: String(floorPort), WORKSPACE_ID: ws, AGENT_ID: agentId, API_KEY: admin },
    floorPort,
  );
  const body = JSON.stringify({ agentId, to: '+14155552671', metadata: { bench: true } });
  try {
    const callId = (
      await (
        await fetch(`${base}/voice/agent/call`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
        })
      ).json()
    ).callId;
    const floorCallId = (
      await (
        await fetch(`http://127.0.0.1:${floorPort}/call`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).json()
    ).callId;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const post = { method: 'POST', body, duration, connections };
    const results = {
      startCall: {
        ours: await load({ url: `${base}/voice/agent/call`, ...post, headers }),
        floor: await load({ url: `${floorBase}/call`, ...post }),
        essentialFloor: await load({ url: `${floorBase}/essential/call`, ...post, headers }),
      },
      getCall: {
        ours: await load({ url: `${base}/voice/call/${callId}`, headers, duration, connections }),
        floor: await load({ url: `${floorBase}/call/${floorCallId}`, duration, connections }),
        essentialFloor: await load({
          url: `${floorBase}/essential/call/${floorCallId}`,
          headers,
          duration,
          connections,
        }),
      },
    };
    const rows = Object.entries(results).map(([op, r]) => ({
      operation: op,
      'ours req/s': r.ours.rps,
      'floor req/s': r.floor.rps,
      ratio: ratio(r.ours.rps, r.floor.rps),
      'essential floor req/s': r.essentialFloor.rps,
      'essential ratio': ratio(r.ours.rps, r.essentialFloor.rps),
      'ours p50/p99 ms': `${r.ours.p50}/${r.ours.p99}`,
      'floor p50/p99 ms': `${r.floor.p50}/${r.floor.p99}`,
      'ours errors': r.ours.errors,
    }));
    console.log(`\nGateway (${connections} connections, ${duration} s each)`);
    table(rows);
    return save('gateway', {
      connections,
      duration,
      results,
      ratios: Object.fromEntries(rows.map((r) => [r.operation, r.ratio])),
      essentialRatios: Object.fromEntries(rows.map((r) => [r.operation, r['essential ratio']])),
    });
  } finally {
    await kill(ours);
    await kill(floor);
    await dropKeys(env);
  }
};
