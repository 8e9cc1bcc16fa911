import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QueueName, type JobName, type JobPayload } from '@app/contracts';

type EngineJob = JobName<QueueName.CallEngine>;
const ENQUEUE_TIMEOUT_MS = 1000;

/**
 * Hands calls to the call-engine. The row is already committed when this runs, so a failed or
 * slow enqueue is logged, not surfaced: the engine's reconciler re-derives the job from the row.
 * The gateway never waits on Redis longer than ENQUEUE_TIMEOUT_MS.
 */
@Injectable()
export class CallEngineClient {
  private readonly logger = new Logger(CallEngineClient.name);

  constructor(@InjectQueue(QueueName.CallEngine) private readonly queue: Queue) {}

  dial(callId: string, requestId?: string): Promise<void> {
    return this.send('dial-call', { callId, requestId }, callId);
  }

  end(callId: string, requestId?: string): Promise<void> {
    return this.send('end-call', { callId, requestId }, `end-${callId}`);
  }

  private async send<N extends EngineJob>(name: N, data: JobPayload<QueueName.CallEngine, N>, jobId: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queue.add(name, data, { jobId, removeOnComplete: 1000, removeOnFail: 5000 }), timeout]);
    } catch (e) {
      this.logger.warn(`${name} for ${data.callId} not enqueued (${(e as Error).message}); the reconciler will pick it up`);
    } finally {
      clearTimeout(timer);
    }
  }
}
