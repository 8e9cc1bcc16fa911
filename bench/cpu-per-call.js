// What one start-call costs each process, at a fixed rate (npm run bench -- cpu): ours across many workspaces
// against the essential floor in one, the CPU of every process read from /proc (Linux). At saturation a ratio of
// requests per second mixes in how the two cores are shared; at a fixed rate below both saturation points each
// process's CPU per request says where the difference lies. Rounds alternate ours and the floor, so a machine whose
// pace drifts moves both.
'use strict';
const { readdirSync, readFileSync } = require('node:fs');
const autocannon = require('autocannon');
const {
  app,
  benchEnv,
  benchTenants,
  cpuSeconds,
  dropKeys,
  freePort,
  freshDatabase,
  kill,
  ratio,
  save,
  startCallBodies,
  startGatewayFloor,
  startProcess,
  table,
} = require('./lib');

/** CPU seconds of every process named `comm` (PostgreSQL's backends, Redis), by pid. */
function secondsOf(comm) {
  const byPid = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm) byPid.set(pid, cpuSeconds(pid));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return byPid;
}

/** CPU seconds used between two readings of secondsOf: a process that started meanwhile counts whole. */
function used(before, after) {
  let n = 0;
  for (const [pid, t] of after) n += t - (before.get(pid) ?? 0);
  return n;
}

/** All CPUs' busy seconds (user, nice, system, irq, softirq; /proc/stat counts hundredths). */
function machineSeconds() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6]) / 100;
}

/** One fixed-rate window: µs of CPU per request for each process. */
async function measure(opts, serverPid, rate, seconds) {
  const read = () => ({
    server: cpuSeconds(serverPid),
    postgres: secondsOf('postgres'),
    redis: secondsOf('redis-server'),
    load: cpuSeconds(process.pid),
    machine: machineSeconds(),
  });
  const before = read();
  const r = await autocannon({ ...opts, connections: 50, overallRate: rate, duration: seconds });
  const after = read();
  const n = r.requests.total;
  const per = (seconds) => Math.round((seconds * 1e6) / n);
  return {
    requests: n,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
    machine: per(after.machine - before.machine),
    server: per(after.server - before.server),
    postgres: per(used(before.postgres, after.postgres)),
    redis: per(used(before.redis, after.redis)),
    load: per(after.load - before.load),
  };
}

module.exports = async function cpuPerCall({ rate = 300, seconds = 10, rounds = 3, workspaces = 20 } = {}) {
  const env = benchEnv('cpu');
  await freshDatabase(env);
  const port = await freePort();
  const ours = await startProcess(app('api-gateway'), { ...env, PORT: String(port) }, port);
  const base = `http://127.0.0.1:${port}/api/core`;
  const names = Array.from({ length: workspaces }, (_, i) => `cpu${i}`);
  const tenants = await benchTenants(env, base, names, { liveCalls: 100_000 });
  const [first] = tenants;
  const { proc: floor, base: floorBase } = await startGatewayFloor(env, first);
  const body = startCallBodies();
  let next = 0;
  const startCall = (tenant) => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.key}` },
    body: body(tenant),
  });
  const oursOpts = {
    url: `${base}/voice/agent/call`,
    method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, ...startCall(tenants[next++ % tenants.length]) }) }],
  };
  const floorOpts = {
    url: `${floorBase}/essential/call`,
    method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, ...startCall(first) }) }],
  };
  try {
    // warm both (JIT, pools) at the measured rate before the first window
    await autocannon({ ...oursOpts, connections: 50, overallRate: rate, duration: seconds });
    await autocannon({ ...floorOpts, connections: 50, overallRate: rate, duration: seconds });
    const rows = [];
    for (let i = 0; i < rounds; i++) {
      rows.push({ round: i + 1, process: 'ours', ...(await measure(oursOpts, ours.pid, rate, seconds)) });
      rows.push({ round: i + 1, process: 'essential floor', ...(await measure(floorOpts, floor.pid, rate, seconds)) });
    }
    console.log(`\nCPU per start-call, µs (${rate}/s for ${seconds} s; ours across ${workspaces} workspaces)`);
    table(rows);
    const sum = (who, key) => rows.filter((r) => r.process === who).reduce((n, r) => n + r[key], 0);
    const machineRatio = ratio(sum('essential floor', 'machine'), sum('ours', 'machine'));
    console.log(`essential floor's machine CPU / ours: ${machineRatio}`);
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    if (errors) throw new Error(`${errors} requests answered with an error`);
    return save('cpu-per-call', { rate, seconds, rounds, workspaces, rows, machineRatio });
  } finally {
    await kill(ours);
    await kill(floor);
    await dropKeys(env);
  }
};
