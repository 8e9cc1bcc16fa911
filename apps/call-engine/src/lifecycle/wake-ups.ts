import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import {
  JobQueues,
  QueueName,
  queuePrefix,
  redisClient,
  wakeUpJob,
  type JobPayloads,
  type RedisClient,
} from '@app/queues';

/** Markers older than this are dropped (their calls long since woke up or ended). */
const KEEP_MS = 60 * 60 * 1000;

/**
 * A call's scheduled wake-up (the advance-call job; after-call for after-call work) and, beside it,
 * a marker in one Redis sorted set (call id → due time), so the reconciler skips the calls whose
 * wake-up is still to come instead of re-deriving every live call every pass (it did: 500 calls
 * every 5 s, a quarter of an engine's CPU at 2,000 live calls). Only an optimisation: a call without
 * a marker (a Redis flush, an older engine) or with one overdue is re-derived from its row as before.
 */
@Injectable()
export class WakeUps implements OnApplicationShutdown {
  private readonly redis: RedisClient;
  private readonly key: string;

  constructor(
    private readonly jobs: JobQueues,
    config: AppConfig,
  ) {
    this.redis = redisClient(config, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
    // in the engine queue's hash slot: on a Redis Cluster, the node that loses its jobs loses the markers too
    this.key = `${queuePrefix(config, QueueName.CallEngine)}:wake-ups`;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }

  async schedule(wakeUp: JobPayloads['advance-call']): Promise<void> {
    const job = this.jobs.add(wakeUpJob(wakeUp.step), wakeUp);
    await Promise.all([job, this.redis.zadd(this.key, wakeUp.at, wakeUp.callId)]);
  }

  /** Of these calls, the ones with no wake-up to come: none marked, or one due before `overdueBefore`. */
  async unscheduled(callIds: string[], overdueBefore: number): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < callIds.length; i += 1000) {
      const chunk = callIds.slice(i, i + 1000);
      const scores = chunk.length ? await this.redis.zmscore(this.key, ...chunk) : [];
      chunk.forEach((id, j) => {
        if (scores[j] === null || Number(scores[j]) < overdueBefore) out.push(id);
      });
    }
    return out;
  }

  /** Drops markers of wake-ups long past. */
  async prune(now = Date.now()): Promise<void> {
    await this.redis.zremrangebyscore(this.key, '-inf', now - KEEP_MS);
  }
}
