import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';

// A counting semaphore in Redis shared by every dispatcher process: a sorted set of holders
// scored by when their lease runs out, so a crashed holder frees its slot by itself.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/**
 * Caps concurrent sends per webhook (WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT), so one slow or dead
 * endpoint can hold only that many workers, whatever its backlog; the rest go to healthy ones.
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
      1,
      this.key(webhookId),
      Date.now(),
      this.leaseMs,
      holder,
      this.config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
    );
    return ok === 1;
  }

  async release(webhookId: string, holder: string): Promise<void> {
    await this.redis.zrem(this.key(webhookId), holder);
  }

  private key(webhookId: string): string {
    return `${this.config.QUEUE_PREFIX}:endpoint-in-flight:${webhookId}`;
  }
}
