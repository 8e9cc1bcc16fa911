import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName, type JobPayload } from '@app/contracts';
import { FanOutService } from './fan-out.service';

/** Consumes the domain events the call-engine publishes (jobId = eventId). */
@Processor(QueueName.DomainEvents, { concurrency: 20 })
export class FanOutWorker extends WorkerHost {
  constructor(private readonly fanOut: FanOutService) {
    super();
  }

  async process(job: Job<JobPayload<QueueName.DomainEvents, 'fan-out'>>): Promise<void> {
    await this.fanOut.fanOut(job.data.eventId, job.data.requestId);
  }
}
