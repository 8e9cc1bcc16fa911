import { Injectable } from '@nestjs/common';
import type { Job, WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, QueueName, type JobHandlers, type JobPayloads } from '@app/queues';
import { DeliveryService } from './delivery.service';
import { EndpointLimiter } from './endpoint-limiter';

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
      // This endpoint already has its share of workers busy: come back shortly, freeing this one.
      return this.tryLater(job, token, Date.now() + 100 + Math.floor(Math.random() * 200));
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
