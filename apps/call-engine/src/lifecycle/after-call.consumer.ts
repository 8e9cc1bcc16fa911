import { Injectable } from '@nestjs/common';
import type { WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, QueueName, type JobHandlers } from '@app/queues';
import { CallLifecycleService } from './call-lifecycle.service';

/**
 * Consumes the after-call queue: an ended call's transcript, recording and analysis, AFTER_CALL_CONCURRENCY at a
 * time per engine, so they never take more than that from the live calls' transitions (AFTER_CALL_STEPS).
 */
@Injectable()
export class AfterCallConsumer extends JobConsumer<QueueName.AfterCall> {
  protected readonly queue = QueueName.AfterCall;
  protected readonly handlers: JobHandlers<QueueName.AfterCall> = {
    'after-call': (d) => this.lifecycle.advance(d.callId, d.requestId),
  };

  constructor(
    private readonly lifecycle: CallLifecycleService,
    config: AppConfig,
  ) {
    super(config);
  }

  protected workerOptions(): Partial<WorkerOptions> {
    return { concurrency: this.config.AFTER_CALL_CONCURRENCY };
  }
}
