import { Injectable } from '@nestjs/common';
import type { Job, WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, JobQueues, QueueName, type JobHandlers, type JobPayloads } from '@app/queues';
import { DeliveryService } from './delivery.service';
import { EndpointLimiter } from './endpoint-limiter';

/** 100 ms after the first time a job finds its endpoint at its cap, doubling up to 6.4 s, ±50 % jitter. */
export function capBackoffMs(attemptsStarted: number): number {
  const base = 100 * 2 ** Math.min(6, Math.max(0, attemptsStarted - 1));
  return Math.round(base * (0.5 + Math.random()));
}

/**
 * Consumes webhook-deliveries. Its lock outlasts the HTTP timeout, so a slow send is never taken
 * for a stalled job and sent twice. Both kinds of "later" (the endpoint is at its cap; the retry
 * policy asked for a wait) move the job to delayed; attempts are counted on the delivery row.
 */
@Injectable()
export class DeliveryConsumer extends JobConsumer<QueueName.WebhookDeliveries> {
  protected readonly queue = QueueName.WebhookDeliveries;
  protected readonly handlers: JobHandlers<QueueName.WebhookDeliveries> = {
    deliver: (data, job, token) => this.deliver(data, job, token),
  };

  constructor(
    private readonly delivery: DeliveryService,
    private readonly limiter: EndpointLimiter,
    private readonly queues: JobQueues,
    config: AppConfig,
  ) {
    super(config);
  }

  protected workerOptions(): Partial<WorkerOptions> {
    const lock = this.config.WEBHOOK_TIMEOUT_MS + 5_000;
    // A dead holder's job is re-run soon after its lock runs out.
    return {
      concurrency: this.config.DISPATCHER_CONCURRENCY,
      lockDuration: lock,
      stalledInterval: lock,
      maxStalledCount: 5,
    };
  }

  private async deliver(data: JobPayloads['deliver'], job: Job, token?: string): Promise<void> {
    const holder = `${job.id}:${token}`;
    if (!(await this.limiter.acquire(data.webhookId, holder))) {
      // This endpoint already has its share of workers busy: come back later, freeing this worker, behind
      // the webhook's newer jobs (a fresh fair-share tag) and later each time it finds the cap full again.
      await this.queues.retag('deliver', job);
      return this.tryLater(job, token, Date.now() + capBackoffMs(job.attemptsStarted));
    }
    let result: Awaited<ReturnType<DeliveryService['attempt']>> | undefined;
    try {
      result = await this.delivery.attempt(data.deliveryId, data.requestId);
    } finally {
      await this.limiter.release(data.webhookId, holder, result?.sent ?? null);
    }
    if (result.nextAttemptAt) await this.tryLater(job, token, result.nextAttemptAt.getTime());
  }
}
