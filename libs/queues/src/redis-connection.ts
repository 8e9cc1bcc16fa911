import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';
import type { AppConfig } from '@app/platform';

type RedisConfig = Pick<AppConfig, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;
export type RedisClient = Redis | Cluster;

/** Credentials and TLS of REDIS_URL, which apply to every node of a cluster too. */
function nodeOptions(url: string): RedisOptions {
  const u = new URL(url);
  return {
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

function clusterSeeds(config: RedisConfig): { host: string; port: number }[] | undefined {
  if (!config.REDIS_CLUSTER_NODES) return undefined;
  return config.REDIS_CLUSTER_NODES.split(',').map((node) => {
    const [host, port] = node.trim().split(':');
    return { host, port: Number(port) };
  });
}

/**
 * A client for the app's own keys (rate limits, the per-endpoint limiter, the sign-in throttle):
 * an ioredis Cluster when REDIS_CLUSTER_NODES is set, else the single node of REDIS_URL. Keys a
 * command or script touches together must share a hash tag ({…}) to live in one slot.
 */
export function redisClient(config: RedisConfig, options: RedisOptions & { enableAutoPipelining?: boolean } = {}) {
  const seeds = clusterSeeds(config);
  if (!seeds) return new Redis(config.REDIS_URL, options);
  const { enableOfflineQueue, enableAutoPipelining, lazyConnect, ...perNode } = options;
  return new Cluster(seeds, {
    enableOfflineQueue,
    enableAutoPipelining,
    lazyConnect,
    redisOptions: { ...nodeOptions(config.REDIS_URL), ...perNode },
  });
}

/** Cluster clients handed to BullMQ, which does not close a client it was given. */
const bullClusterClients = new Set<Cluster>();

/**
 * BullMQ's connection: options from REDIS_URL for one node (BullMQ opens and closes its own), or
 * a Cluster client of its own for each queue or worker, closed by closeBullConnections().
 * A producer's (a Queue's) commands of one event-loop turn go out in one write (ioredis
 * auto-pipelining): the gateway's start-calls enqueue their dial jobs together, not one socket write
 * and one Redis read each. A worker's never do: its blocking commands would hold the others back.
 */
export function bullConnection(config: RedisConfig, role: 'producer' | 'worker'): ConnectionOptions {
  // Both wait for Redis through outages, never fail a command (BullMQ's workers block on it).
  const options = { maxRetriesPerRequest: null, enableAutoPipelining: role === 'producer' };
  if (!config.REDIS_CLUSTER_NODES) return { url: config.REDIS_URL, ...options };
  const client = redisClient(config, options) as Cluster;
  bullClusterClients.add(client);
  return client;
}

/** Closes the cluster clients given to BullMQ (after its queues and workers closed); others are BullMQ's. */
export function closeBullConnections(connections: Iterable<ConnectionOptions | undefined> = bullClusterClients): void {
  for (const c of connections) if (c instanceof Cluster && bullClusterClients.delete(c)) c.disconnect();
}

/**
 * The key prefix of one queue. BullMQ keeps all of a queue's keys under `<prefix>:<queue>:` and its
 * scripts touch several at once, so on a cluster they must hash to one slot: each queue has a hash
 * tag of its own, `{<queue>-queue}`. Those three tags hash to slots in the three thirds of the slot
 * space (1379, 10140, 14812), so a cluster of three masters with the default even split holds one
 * queue each (the bare names would all land on the third master).
 */
export function queuePrefix(config: Pick<AppConfig, 'QUEUE_PREFIX'>, queue: string): string {
  return `${config.QUEUE_PREFIX}:{${queue}-queue}`;
}
