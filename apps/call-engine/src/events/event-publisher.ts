import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QueueName, type JobPayload } from '@app/contracts';
import { CallLifecycleRepository } from '@app/db';

/**
 * The outbox relay: hands committed CallEvents to the webhook-dispatcher (jobId = eventId, so a
 * repeat is a no-op) and marks them published. What fails here stays unpublished in PostgreSQL
 * and the reconciler hands it over later.
 */
@Injectable()
export class EventPublisher {
  private readonly logger = new Logger(EventPublisher.name);

  constructor(
    @InjectQueue(QueueName.DomainEvents) private readonly queue: Queue,
    private readonly lifecycle: CallLifecycleRepository,
  ) {}

  async publish(events: { id: string; type: string; callId: string }[], requestId?: string): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.queue.addBulk(events.map((e) => ({
        name: 'fan-out',
        data: { eventId: e.id, requestId } satisfies JobPayload<QueueName.DomainEvents, 'fan-out'>,
        opts: { jobId: e.id, removeOnComplete: 1000, removeOnFail: 5000, attempts: 10, backoff: { type: 'exponential', delay: 500 } },
      })));
      await this.lifecycle.markPublished(events.map((e) => e.id));
    } catch (e) {
      this.logger.warn(`publishing ${events.length} event(s) failed, the reconciler will retry: ${(e as Error).message}`);
    }
  }
}
