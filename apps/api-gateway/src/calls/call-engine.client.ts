import { Injectable, Logger } from '@nestjs/common';
import { JobQueues, type JobPayloads } from '@app/queues';

const ENQUEUE_TIMEOUT_MS = 1000;

/**
 * Hands calls to the call-engine. The row is already committed when this runs, so a failed or
 * slow enqueue is logged, not surfaced: the engine's reconciler re-derives the job from the row.
 * The gateway never waits on Redis longer than ENQUEUE_TIMEOUT_MS.
 */
@Injectable()
export class CallEngineClient {
  private readonly logger = new Logger(CallEngineClient.name);

  constructor(private readonly jobs: JobQueues) {}

  dial(callId: string, requestId?: string): Promise<void> {
    return this.send('dial-call', { callId, requestId });
  }

  end(callId: string, requestId?: string): Promise<void> {
    return this.send('end-call', { callId, requestId });
  }

  transfer(callId: string, requestId?: string): Promise<void> {
    return this.send('transfer-call', { callId, requestId });
  }

  private async send<N extends 'dial-call' | 'end-call' | 'transfer-call'>(
    name: N,
    data: JobPayloads[N],
  ): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`)),
        ENQUEUE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.jobs.add(name, data), timeout]);
    } catch (e) {
      const err = (e as Error).message;
      this.logger.warn({ job: name, callId: data.callId, err, msg: 'not enqueued; the reconciler will pick it up' });
    } finally {
      clearTimeout(timer);
    }
  }
}
