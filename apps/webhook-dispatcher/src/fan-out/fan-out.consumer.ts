import { Injectable } from '@nestjs/common';
import type { WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, QueueName, type JobHandlers } from '@app/queues';
import { FanOutService } from './fan-out.service';

/** Consumes the domain events the call-engine publishes. */
@Injectable()
export class FanOutConsumer extends JobConsumer<QueueName.DomainEvents> {
  protected readonly queue = QueueName.DomainEvents;
  protected readonly handlers: JobHandlers<QueueName.DomainEvents> = {
    'fan-out': (d) => this.fanOut.fanOut(d.eventId, d.requestId),
  };

  constructor(
    private readonly fanOut: FanOutService,
    config: AppConfig,
  ) {
    super(config);
  }

  protected workerOptions(): Partial<WorkerOptions> {
    return { concurrency: this.config.FANOUT_CONCURRENCY };
  }
}
