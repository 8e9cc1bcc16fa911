import { Injectable, Logger } from '@nestjs/common';
import { JobQueues } from '@app/queues';
import { EventsRepository } from './events.repository';

/**
 * The outbox relay of the engine and the gateway: hands committed CallEvents to the
 * webhook-dispatcher (one fan-out job per event, so a repeat is a no-op) and marks them published.
 * What fails here stays unpublished in PostgreSQL and the engine's reconciler hands it over later.
 */
@Injectable()
export class EventPublisher {
  private readonly logger = new Logger(EventPublisher.name);

  constructor(
    private readonly jobs: JobQueues,
    private readonly events: EventsRepository,
  ) {}

  async publish(events: { id: string; workspaceId: string }[], requestId?: string): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.jobs.addBulk(
        'fan-out',
        events.map((e) => ({ eventId: e.id, workspaceId: e.workspaceId, requestId })),
      );
      await this.events.markPublished(events.map((e) => e.id));
    } catch (e) {
      const err = (e as Error).message;
      this.logger.warn({ events: events.length, err, msg: 'publishing failed; the reconciler will retry' });
    }
  }
}
