import { Injectable } from '@nestjs/common';
import type { WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, QueueName, type JobHandlers } from '@app/queues';
import { CallLifecycleService } from './call-lifecycle.service';

/** Consumes the call-engine queue. Every job is a wake-up for one call; the row says what to do. */
@Injectable()
export class CallEngineConsumer extends JobConsumer<QueueName.CallEngine> {
  protected readonly queue = QueueName.CallEngine;
  protected readonly handlers: JobHandlers<QueueName.CallEngine> = {
    'dial-call': (d) => this.lifecycle.dial(d.callId, d.requestId),
    'end-call': (d) => this.lifecycle.advance(d.callId, d.requestId),
    'transfer-call': (d) => this.lifecycle.advance(d.callId, d.requestId),
    'advance-call': (d) => this.lifecycle.advance(d.callId, d.requestId),
  };

  constructor(
    private readonly lifecycle: CallLifecycleService,
    config: AppConfig,
  ) {
    super(config);
  }

  protected workerOptions(): Partial<WorkerOptions> {
    return { concurrency: this.config.ENGINE_CONCURRENCY };
  }
}
