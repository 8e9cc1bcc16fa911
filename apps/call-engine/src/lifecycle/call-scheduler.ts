import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QueueName, type JobPayload } from '@app/contracts';

/**
 * Wake-up jobs for calls. The job id names the call, the step and its due time, so the engine and
 * the reconciler asking for the same wake-up produce one job.
 */
@Injectable()
export class CallScheduler {
  constructor(@InjectQueue(QueueName.CallEngine) private readonly queue: Queue) {}

  async wake(callId: string, step: string, at: Date, requestId?: string): Promise<void> {
    const delay = Math.max(0, at.getTime() - Date.now());
    const data: JobPayload<QueueName.CallEngine, 'advance-call'> = { callId, requestId };
    await this.queue.add('advance-call', data, {
      jobId: `adv-${callId}-${step}-${at.getTime()}`,
      delay,
      attempts: 5,
      backoff: { type: 'exponential', delay: 200 },
      removeOnComplete: true,
      removeOnFail: 5000,
    });
  }
}
