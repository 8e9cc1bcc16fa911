import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';

/** Where an endpoint's cap starts, and the slowest reply that still lets it grow / keeps it. */
export const ADAPTIVE = { startCap: 4, fastMs: 250, slowMs: 1000 } as const;

// A counting semaphore in Redis shared by every dispatcher process: a sorted set of holders scored
// by when their lease runs out (a crashed holder frees its slot by itself), beside the endpoint's
// current cap. Both keys share the webhook's hash tag, so a Redis Cluster runs each script on one node.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local cap = math.min(tonumber(redis.call('GET', KEYS[2]) or ARGV[5]), tonumber(ARGV[4]))
if redis.call('ZCARD', KEYS[1]) < cap then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

// Frees the holder's slot and adapts the cap to how the endpoint answered: one more after a fast
// success, half after a failure or a slow reply (additive increase, multiplicative decrease).
const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
local cap = math.min(tonumber(redis.call('GET', KEYS[2]) or ARGV[3]), tonumber(ARGV[2]))
if ARGV[4] == 'grow' then cap = math.min(cap + 1, tonumber(ARGV[2]))
elseif ARGV[4] == 'shrink' then cap = math.max(1, math.floor(cap / 2)) end
redis.call('SET', KEYS[2], cap, 'PX', 3600000)
return cap`;

/** How a send went, for the endpoint's cap. */
export type SendOutcome = { ok: boolean; durationMs: number } | null;

/** What a send does to its endpoint's cap: a fast success grows it, a failure or slow reply halves it. */
export function capChange(sent: SendOutcome): 'grow' | 'keep' | 'shrink' {
  if (!sent) return 'keep';
  if (!sent.ok || sent.durationMs > ADAPTIVE.slowMs) return 'shrink';
  return sent.durationMs <= ADAPTIVE.fastMs ? 'grow' : 'keep';
}

/**
 * Caps concurrent sends per webhook across all dispatchers, adaptively: an endpoint starts at 4
 * in flight, gains one after each success answered within 250 ms and halves after an error,
 * timeout or reply slower than 1 s, between 1 and WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT. A healthy
 * fast receiver is not the bottleneck; a slow or failing one holds few workers, whatever its
 * backlog, and the rest go to healthy ones.
 */
@Injectable()
export class EndpointLimiter implements OnApplicationShutdown {
  private readonly redis: RedisClient;
  private readonly leaseMs: number;

  constructor(private readonly config: AppConfig) {
    // Commands of concurrent deliveries issued in the same tick go out in one write.
    this.redis = redisClient(config, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
    this.leaseMs = config.WEBHOOK_TIMEOUT_MS + 5000;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }

  async acquire(webhookId: string, holder: string): Promise<boolean> {
    const ok = await this.redis.eval(
      ACQUIRE,
      2,
      ...this.keys(webhookId),
      Date.now(),
      this.leaseMs,
      holder,
      this.config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
      ADAPTIVE.startCap,
    );
    return ok === 1;
  }

  /** Frees the slot; `sent` (null: nothing was sent) adapts the endpoint's cap. Answers the new cap. */
  async release(webhookId: string, holder: string, sent: SendOutcome): Promise<number> {
    const change = capChange(sent);
    const cap = await this.redis.eval(
      RELEASE,
      2,
      ...this.keys(webhookId),
      holder,
      this.config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
      ADAPTIVE.startCap,
      change,
    );
    return Number(cap);
  }

  private keys(webhookId: string): [string, string] {
    const tag = `{${webhookId}}`;
    return [`${this.config.QUEUE_PREFIX}:endpoint-in-flight:${tag}`, `${this.config.QUEUE_PREFIX}:endpoint-cap:${tag}`];
  }
}
