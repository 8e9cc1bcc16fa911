// Shared helpers of the benchmarks: a bench database, our apps as processes, load with autocannon.
'use strict';
const { spawn, execFile } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { join } = require('node:path');
const autocannon = require('autocannon');

const ROOT = join(__dirname, '..');
const BASE_DB = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/voice';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function benchEnv(name) {
  const url = new URL(BASE_DB);
  url.pathname = `/voice_bench_${name}`;
  return {
    DATABASE_URL: url.toString(),
    REDIS_URL,
    QUEUE_PREFIX: `bench_${name}_${randomBytes(3).toString('hex')}`,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_REQUESTS: '100000000',
    RATE_LIMIT_START_CALLS: '100000000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
}

/**
 * The operator CLI, its output trimmed. Asynchronous, so a bench can set up several tenants at once: each call is a
 * process that spends about 2 s loading before it asks PostgreSQL anything.
 */
const cli = (env, ...args) =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [join(ROOT, 'dist/apps/cli/src/main.js'), ...args],
      { env: { ...process.env, ...env } },
      (err, stdout, stderr) =>
        err ? reject(new Error(`cli ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout.trim()),
    ),
  );

/**
 * A fresh bench database: dropped if it exists, created and migrated by the built migrator the CLI's `migrate`
 * runs, in this process (a CLI process spends about 2 s of a core loading; the migrations take 0.4 s).
 */
async function freshDatabase(env) {
  const { Client } = require('pg');
  const { ensureDatabase, migrate } = require(join(ROOT, 'dist/libs/db/src/migrate/migrator'));
  const url = new URL(env.DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(env.DATABASE_URL);
  await migrate(env.DATABASE_URL, undefined, () => {});
}

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts a built app (or any script) and waits until its /health/ready (or `readyPath`) answers 200. */
async function startProcess(script, env, port, readyPath = '/health/ready') {
  // BENCH_PROFILE_DIR=dir: every process writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const proc = spawn(process.execPath, [...profile, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    if (proc.exitCode !== null) throw new Error(`${script} exited`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} not ready`);
}

const app = (name) => join(ROOT, `dist/apps/${name}/src/main.js`);

/**
 * The smoke run's pace for every load: enough requests to take each path many times, few enough to leave the
 * cores to the fault suite beside it (scripts/test.sh); at full speed its loads kept both cores busy.
 */
const SMOKE_REQUESTS_PER_SEC = 50;

/** autocannon at fixed concurrency; returns requests/s and latency percentiles in ms. */
async function load({ url, method = 'GET', body, headers = {}, connections = 50, duration = 8, setupRequest }) {
  const r = await autocannon({
    url,
    method,
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections,
    duration,
    ...(process.env.BENCH_SMOKE ? { overallRate: SMOKE_REQUESTS_PER_SEC } : {}),
    // a request varied per send (e.g. another workspace's key and assistant)
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors,
  };
}

/**
 * Workspaces named `names` and their admin keys, made through the CLI as an operator would, in one process
 * (`workspace create <names...> --admin-key`: each CLI process spends about 2 s of a core loading); `liveCalls` sets
 * their live-call limit (benchmarks measure throughput, not the limit: README "Concurrency").
 */
async function benchWorkspaces(env, names, { liveCalls } = {}) {
  const limit = liveCalls ? ['--live-calls', String(liveCalls)] : [];
  const lines = (await cli(env, 'workspace', 'create', ...names, ...limit, '--admin-key', 'bench')).split('\n');
  return names.map((_, i) => ({ workspaceId: lines[2 * i], key: lines[2 * i + 1] }));
}

/** One workspace and its admin key (benchWorkspaces). */
async function benchWorkspace(env, name, options) {
  return (await benchWorkspaces(env, [name], options))[0];
}

/** POSTs JSON with `key` to the API at `base` (…/api/core) and answers the parsed body. */
const poster = (base, key) => (path, body) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

/** Bench workspaces (benchWorkspaces), each with an assistant made through the API at `base`. */
async function benchTenants(env, base, names, options) {
  const workspaces = await benchWorkspaces(env, names, options);
  return Promise.all(
    workspaces.map(async ({ workspaceId, key }) => {
      const post = poster(base, key);
      const { agentId } = await post('/voice/agent', { name: 'Bench' });
      return { workspaceId, key, agentId, post };
    }),
  );
}

/** One bench tenant (benchTenants). */
async function benchTenant(env, base, name, options) {
  return (await benchTenants(env, base, [name], options))[0];
}

/**
 * The gateway's floors (floors/gateway-floor.js), in `tenant`'s workspace with its key and assistant; the essential
 * floor also serves the `others`' workspaces, each by its key.
 */
async function startGatewayFloor(env, tenant, others = []) {
  const port = await freePort();
  const proc = await startProcess(
    join(__dirname, 'floors/gateway-floor.js'),
    {
      ...env,
      PORT: String(port),
      WORKSPACE_ID: tenant.workspaceId,
      AGENT_ID: tenant.agentId,
      API_KEY: tenant.key,
      OTHER_TENANTS: JSON.stringify(others.map(({ key, workspaceId }) => ({ key, workspaceId }))),
    },
    port,
  );
  return { proc, base: `http://127.0.0.1:${port}` };
}

/**
 * Start-call bodies, each dialling another number (+14155551000 … +14155559999) as real traffic does: nothing about
 * a number (its validation, the do-not-call check) is served from a memo of the one before.
 */
function startCallBodies() {
  let dialled = 0;
  return (tenant) =>
    JSON.stringify({ agentId: tenant.agentId, to: `+1415555${1000 + (dialled++ % 9000)}`, metadata: { bench: true } });
}

/** Table rows of `load` results by operation, each headed by what was measured at (e.g. {calls: '10,000'}). */
function latencyRows(at, results) {
  return Object.entries(results).map(([operation, m]) => ({
    ...at,
    operation,
    'req/s': m.rps,
    'p50 ms': m.p50,
    'p99 ms': m.p99,
    errors: m.errors,
  }));
}

function table(rows) {
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(width[i])).join('  ');
  console.log(line(cols));
  console.log(width.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

/** Deletes a benchmark's Redis keys (its prefix and the floors' derived from it). */
async function dropKeys(env) {
  const { Redis } = require('ioredis');
  const redis = new Redis(env.REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.QUEUE_PREFIX}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

function save(name, result) {
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  const out = { name, at: new Date().toISOString(), machine: machine(), ...result };
  writeFileSync(join(__dirname, 'results', `${name}.json`), JSON.stringify(out, null, 2));
  return out;
}

function machine() {
  const os = require('node:os');
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** User + system CPU seconds a process has used so far (Linux); throws once it has exited. */
function cpuSeconds(pid) {
  const fields = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const ratio = (a, b) => (b ? Math.round((a / b) * 100) / 100 : null);
/** The middle value (the upper one of an even count). */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kill = (p) =>
  new Promise((resolve) => {
    if (!p || p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', resolve);
    p.kill('SIGTERM');
  });

module.exports = {
  benchTenant,
  benchTenants,
  benchWorkspace,
  poster,
  cpuSeconds,
  latencyRows,
  ROOT,
  dropKeys,
  benchEnv,
  cli,
  freshDatabase,
  freePort,
  startProcess,
  startGatewayFloor,
  startCallBodies,
  app,
  load,
  table,
  save,
  ratio,
  median,
  kill,
};
