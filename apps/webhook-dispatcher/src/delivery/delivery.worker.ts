import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Worker, type Job } from 'bullmq';
import { AppConfig, bullConnection } from '@app/common';
import { QueueName, type JobPayload } from '@app/contracts';
import { DeliveryService } from './delivery.service';
import { EndpointLimiter } from './endpoint-limiter';

class RetryLater extends Error {
  constructor(readonly delayMs: number, reason: string) {
    super(`will retry in ${delayMs} ms: ${reason}`);
  }
}

/**
 * Consumes webhook-deliveries. Made by hand rather than with @Processor because its options come
 * from configuration: the lock outlasts the HTTP timeout (so a slow send is never taken for a
 * stalled job and sent twice), and the backoff strategy is ours (exponential with jitter,
 * honouring Retry-After).
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeliveryWorker.name);
  private worker?: Worker;

  constructor(
    private readonly delivery: DeliveryService,
    private readonly limiter: EndpointLimiter,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(QueueName.WebhookDeliveries, (job, token) => this.process(job, token), {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: this.config.QUEUE_PREFIX,
      concurrency: this.config.DISPATCHER_CONCURRENCY,
      // The lock outlives the longest attempt, and a dead holder's job is re-run soon after.
      lockDuration: this.config.WEBHOOK_TIMEOUT_MS + 5_000,
      stalledInterval: this.config.WEBHOOK_TIMEOUT_MS + 5_000,
      maxStalledCount: 5,
      settings: { backoffStrategy: (_attempts: number, _type?: string, err?: Error) => (err instanceof RetryLater ? err.delayMs : 1000) },
    });
    this.worker.on('error', (e) => this.logger.warn(`worker error: ${e.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  private async process(job: Job<JobPayload<QueueName.WebhookDeliveries, 'deliver'>>, token?: string): Promise<void> {
    const { webhookId } = job.data;
    const holder = `${job.id}:${token}`;
    if (!(await this.limiter.acquire(webhookId, holder))) {
      // This endpoint already has its share of workers busy: come back shortly, freeing this one.
      await job.moveToDelayed(Date.now() + 100 + Math.floor(Math.random() * 200), token);
      throw new DelayedError();
    }
    try {
      const result = await this.delivery.attempt(job.data.deliveryId, job.data.requestId);
      if (result.kind === 'retry') throw new RetryLater(result.delayMs, result.reason);
    } finally {
      await this.limiter.release(webhookId, holder);
    }
  }
}
