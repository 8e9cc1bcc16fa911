import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { socketsOnPort } from './free-ports';
import { waitFor } from './wait';

const root = join(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A Redis server of the test's own on a spare port: tests may flush or kill it, never the shared one. */
export async function startRedis(
  port?: number,
): Promise<{ url: string; flush(): Promise<void>; stop(): Promise<void> }> {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // After a first refused connect the client keeps reconnecting by itself and connect() refuses to
  // start another, so readiness is the client's status, not connect()'s answer.
  const ready = () => client.status === 'ready';
  await waitFor(
    'own redis-server',
    async () => ready() || (client.status === 'wait' ? client.connect().then(ready, ready) : false),
    10000,
    50,
  ).catch((e) => {
    client.disconnect();
    proc.kill('SIGKILL');
    throw e;
  });
  return {
    url,
    flush: async () => {
      await client.flushall();
    },
    stop: async () => {
      client.disconnect();
      proc.kill('SIGKILL');
    },
  };
}

/** A port whose cluster bus port (port + 10000) is free too. */
async function clusterPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port > 55_000) continue;
    const bus = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port + 10_000, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (bus) return port;
  }
}

export interface RedisClusterHandle {
  /** Points the apps of this process (and those it spawns) at the cluster. */
  useForApps(): void;
  /** Empties one master (a failover without persistence): its slots stay, their keys are gone. */
  flushMaster(index: number): Promise<void>;
  /** The keys each master holds. */
  keyCounts(): Promise<number[]>;
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of the test's own: three masters on spare ports, no replicas, no persistence,
 * made with redis-cli --cluster create, as an operator would.
 */
export async function startRedisCluster(masters = 3): Promise<RedisClusterHandle> {
  const ports: number[] = [];
  const procs: ChildProcess[] = [];
  const stop = async () => {
    for (const proc of procs) proc.kill('SIGKILL');
  };
  try {
    for (let i = 0; i < masters; i++) {
      const port = await clusterPort();
      const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
      ports.push(port);
      procs.push(
        spawn(
          'redis-server',
          [
            ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
            ...['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '2000'],
          ],
          { stdio: 'ignore' },
        ),
      );
    }
    const clients = ports.map((port) => new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 1 }));
    const pingAll = async () => (await Promise.all(clients.map((c) => c.ping().catch(() => null)))).every(Boolean);
    await waitFor('cluster nodes to answer', pingAll, 10_000, 50);
    await promisify(execFile)('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    const clusterOk = async () =>
      (await Promise.all(clients.map((c) => c.cluster('INFO')))).every((info) =>
        String(info).includes('cluster_state:ok'),
      );
    await waitFor('cluster_state:ok on every node', clusterOk, 15_000, 100);
    const nodes = ports.map((port) => `127.0.0.1:${port}`).join(',');
    return {
      useForApps: () => {
        process.env.REDIS_CLUSTER_NODES = nodes;
        process.env.REDIS_URL = 'redis://127.0.0.1:1'; // nothing listens: a single-node client would fail
      },
      flushMaster: async (index) => {
        await clients[index].flushall();
      },
      keyCounts: () => Promise.all(clients.map((c) => c.dbsize())),
      stop: async () => {
        for (const client of clients) client.disconnect();
        await stop();
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

export interface AppProcess {
  proc: ChildProcess;
  port: number;
  kill(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

/**
 * Whether process `pid` holds a socket listening on TCP `port` (from /proc): a free port picked
 * here can be taken by another suite's process before ours binds it, and that process would then
 * answer our readiness probe (a gateway of another suite, another database, other cookies).
 */
function listensOn(pid: number, port: number): boolean {
  const listening = socketsOnPort(['/proc/net/tcp', '/proc/net/tcp6'], port).filter((s) => s.state === '0A');
  const inodes = new Set(listening.map((s) => `socket:[${s.inode}]`));
  const fds = (() => {
    try {
      return readdirSync(`/proc/${pid}/fd`);
    } catch {
      return [];
    }
  })();
  return fds.some((fd) => {
    try {
      return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false;
    }
  });
}

/** The port an app was started on was bound by another process first. */
class PortTaken extends Error {}

/**
 * Runs a built app (dist/) as its own process, and waits until its /health/ready answers 200 from
 * that process; if another process took the port first, it starts again on another port.
 */
export async function spawnApp(
  app: 'call-engine' | 'webhook-dispatcher' | 'api-gateway',
  env: Record<string, string>,
): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(app, env);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 3) throw e;
    }
  }
}

async function spawnOnce(
  app: 'call-engine' | 'webhook-dispatcher' | 'api-gateway',
  env: Record<string, string>,
): Promise<AppProcess> {
  const main = join(root, 'dist/apps', app, 'src/main.js');
  if (!existsSync(main)) throw new Error(`build first: npm run build (missing ${main})`);
  const port = await freePort();
  const portVar = { 'call-engine': 'ENGINE_PORT', 'webhook-dispatcher': 'DISPATCHER_PORT', 'api-gateway': 'PORT' }[app];
  const proc = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, ...env, [portVar]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await waitFor(
    `${app} to be ready`,
    async () => {
      if (proc.exitCode !== null) {
        throw /EADDRINUSE/.test(out) ? new PortTaken(`port ${port} taken`) : new Error(`${app} exited early:\n${out}`);
      }
      if (!listensOn(proc.pid!, port)) return false;
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null);
      return res?.ok ?? false;
    },
    30000,
    100,
  );
  return {
    proc,
    port,
    output: () => out,
    kill: async (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
}
