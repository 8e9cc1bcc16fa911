import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { AppConfig } from '@app/platform';
import { jobsOfQueue, type JobPayloads, type JobsOf, type QueueName } from './jobs';
import { bullConnection, closeBullConnections, queuePrefix } from './redis-connection';

/** One handler per job of the queue: a missing or extra handler does not compile. */
export type JobHandlers<Q extends QueueName> = {
  [N in JobsOf<Q>]: (data: JobPayloads[N], job: Job<JobPayloads[N]>, token?: string) => Promise<void>;
};

/**
 * The one way to consume a queue: a BullMQ worker started at bootstrap and closed (after its
 * active jobs) at shutdown, dispatching each job by name to its handler. Refuses to boot when a
 * job of the queue has no handler.
 */
export abstract class JobConsumer<Q extends QueueName> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private worker?: Worker;
  private connection?: ReturnType<typeof bullConnection>;

  protected abstract readonly queue: Q;
  protected abstract readonly handlers: JobHandlers<Q>;

  protected constructor(protected readonly config: AppConfig) {}

  /** Concurrency, locks and the like of this consumer. */
  protected abstract workerOptions(): Partial<WorkerOptions>;

  onApplicationBootstrap(): void {
    const missing = jobsOfQueue(this.queue).filter((name) => !(name in this.handlers));
    if (missing.length) throw new Error(`${this.constructor.name} has no handler for ${missing.join(', ')}`);
    this.connection = bullConnection(this.config, 'worker');
    this.worker = new Worker(this.queue, (job, token) => this.dispatch(job, token), {
      connection: this.connection,
      prefix: queuePrefix(this.config, this.queue),
      ...this.workerOptions(),
    });
    this.worker.on('error', (e) => this.logger.warn({ err: e.message, msg: 'worker error' }));
  }

  /** Takes no new job and waits for the active ones, while the database and Redis are still open. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    closeBullConnections([this.connection]);
  }

  /**
   * The one "try later": the job goes back to the queue, delayed until `at`, without counting as
   * a failed run. Call it from a handler and let the error it throws propagate.
   */
  protected async tryLater(
    job: Job,
    token: string | undefined,
    at: number,
    then?: () => Promise<void>,
  ): Promise<never> {
    await job.moveToDelayed(at, token);
    await then?.(); // after the move: whatever it lets wake the job finds it delayed
    throw new DelayedError();
  }

  private dispatch(job: Job, token?: string): Promise<void> {
    const handler = (this.handlers as unknown as Record<string, unknown>)[job.name] as
      ((data: unknown, job: Job, token?: string) => Promise<void>) | undefined;
    if (!handler) throw new Error(`${this.constructor.name} has no handler for job ${job.name}`);
    return handler(job.data, job, token);
  }
}
