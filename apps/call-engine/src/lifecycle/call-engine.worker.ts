import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AppConfig } from '@app/common';
import { QueueName, type JobName, type JobPayload } from '@app/contracts';
import { CallLifecycleService } from './call-lifecycle.service';

type EngineJob = JobName<QueueName.CallEngine>;

/** Consumes the call-engine queue. Every job is a wake-up for one call; the row says what to do. */
@Processor(QueueName.CallEngine)
export class CallEngineWorker extends WorkerHost implements OnModuleInit {
  /** One handler per job name; a job name without a handler fails the type check. */
  private readonly handlers: { [N in EngineJob]: (data: JobPayload<QueueName.CallEngine, N>) => Promise<void> } = {
    'dial-call': (d) => this.lifecycle.dial(d.callId, d.requestId),
    'end-call': (d) => this.lifecycle.advance(d.callId, d.requestId),
    'advance-call': (d) => this.lifecycle.advance(d.callId, d.requestId),
  };

  constructor(
    private readonly lifecycle: CallLifecycleService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.ENGINE_CONCURRENCY;
  }

  async process(job: Job): Promise<void> {
    const handler = this.handlers[job.name as EngineJob] as ((d: unknown) => Promise<void>) | undefined;
    if (!handler) throw new Error(`call-engine has no handler for job ${job.name}`);
    await handler(job.data);
  }
}
