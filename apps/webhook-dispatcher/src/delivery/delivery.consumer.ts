import { Injectable } from '@nestjs/common';
import type { Job, WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, JobQueues, QueueName, type JobHandlers, type JobPayloads } from '@app/queues';
import { DeliveryService } from './delivery.service';
import { EndpointLimiter } from './endpoint-limiter';

/**
 * When a parked job runs if no freed slot wakes it (its waker died between taking it and promoting
 * it): 5 s after it first finds its endpoint at its cap, doubling up to 80 s, ±50 % jitter.
 */
export function parkedFallbackMs(attemptsStarted: number): number {
  const base = 5000 * 2 ** Math.min(4, Math.max(0, attemptsStarted - 1));
  return Math.round(base * (0.5 + Math.random()));
}

/** Past a lease's end, for clocks of dispatchers on other machines that run a little behind. */
const LEASE_SKEW_MS = 100;

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
    const admission = await this.limiter.acquire(data.webhookId, data.deliveryId, job.id!);
    // Another sender holds this delivery (one that died holds it until its lease runs out): the job
    // runs again then, and sends only if what that sender recorded leaves it pending.
    if (!admission.took && admission.busyUntil) {
      return this.tryLater(job, token, admission.busyUntil + LEASE_SKEW_MS);
    }
    if (!admission.took) {
      // This endpoint already has its share of workers busy: the job waits, freeing this worker, parked
      // until a send to the endpoint ends and wakes it (no polling), or wakes itself if one already did.
      const fallback = Date.now() + parkedFallbackMs(job.attemptsStarted);
      return this.tryLater(job, token, fallback, async () => {
        if (await this.limiter.woke(data.webhookId, job.id!)) await this.queues.promote('deliver', job.id!);
      });
    }
    let result: Awaited<ReturnType<DeliveryService['attempt']>> | undefined;
    try {
      result = await this.delivery.attempt(data.deliveryId, data.requestId);
    } finally {
      await this.limiter.finish(data.webhookId, data.deliveryId, result?.sent ?? null);
    }
    if (result.nextAttemptAt) await this.tryLater(job, token, result.nextAttemptAt.getTime());
  }
}
