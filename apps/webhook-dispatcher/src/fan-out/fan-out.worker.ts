import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { QueueName, type JobPayload } from '@app/contracts';

/**
 * Consumes the domain events the call-engine publishes. Delivery to webhooks (fan-out into
 * WebhookDelivery rows, signed POSTs with retries) is the webhook-dispatcher issue; until then
 * the dispatcher acknowledges each event so the queue does not grow.
 */
@Processor(QueueName.DomainEvents)
export class FanOutWorker extends WorkerHost {
  private readonly logger = new Logger(FanOutWorker.name);

  async process(job: Job<JobPayload<QueueName.DomainEvents, 'fan-out'>>): Promise<void> {
    this.logger.debug(`event ${job.data.eventId} received`);
  }
}
