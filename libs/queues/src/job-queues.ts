import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { JobState, Queue } from 'bullmq';
import { FairShare } from './fair-share';
import { jobOptions, jobSpec, QueueName, type JobName, type JobPayloads } from './jobs';

/** Waiting for a worker to take them. */
const WAITING_STATES: (JobState | 'unknown')[] = ['waiting', 'delayed', 'prioritized', 'waiting-children'];
const PENDING_STATES: (JobState | 'unknown')[] = [...WAITING_STATES, 'active'];

/** The one producer: puts jobs of the table on their queue, with their id and options. */
@Injectable()
export class JobQueues {
  private readonly byName: Record<QueueName, Queue>;
  private readonly fairShare = new FairShare();

  constructor(
    @InjectQueue(QueueName.CallEngine) callEngine: Queue,
    @InjectQueue(QueueName.DomainEvents) domainEvents: Queue,
    @InjectQueue(QueueName.WebhookDeliveries) deliveries: Queue,
    @InjectQueue(QueueName.AfterCall) afterCall: Queue,
  ) {
    this.byName = {
      [QueueName.CallEngine]: callEngine,
      [QueueName.DomainEvents]: domainEvents,
      [QueueName.WebhookDeliveries]: deliveries,
      [QueueName.AfterCall]: afterCall,
    };
  }

  /** Every queue, for health checks, metrics and Bull Board. */
  all(): Queue[] {
    return Object.values(this.byName);
  }

  async add<N extends JobName>(name: N, data: JobPayloads[N]): Promise<void> {
    // One job by one script: addBulk wraps even one in MULTI/EXEC, and ioredis builds a pipeline
    // per call that copies every script BullMQ defines (2% of a start-call's CPU).
    await this.byName[jobSpec(name).queue].add(name, data, jobOptions(name, data, this.fairShare));
  }

  async addBulk<N extends JobName>(name: N, items: JobPayloads[N][]): Promise<void> {
    if (items.length === 0) return;
    const spec = jobSpec(name);
    await this.byName[spec.queue].addBulk(
      items.map((data) => ({ name, data, opts: jobOptions(name, data, this.fairShare) })),
    );
  }

  /**
   * Runs a delayed job of this queue now, with the priority it was added with (a parked delivery
   * keeps its place: oldest first). False for a job not delayed (run by its timer, not yet moved, gone).
   */
  async promote(name: JobName, jobId: string): Promise<boolean> {
    const job = await this.byName[jobSpec(name).queue].getJob(jobId);
    if (!job) return false;
    return job.promote().then(
      () => true,
      () => false,
    );
  }

  /** Whether the job of this payload is still waiting or running. */
  async isPending<N extends JobName>(name: N, data: JobPayloads[N]): Promise<boolean> {
    const spec = jobSpec(name);
    return PENDING_STATES.includes(await this.byName[spec.queue].getJobState(spec.id(data)));
  }

  /**
   * Whether the job of this payload waits for a worker to take it, or was taken by one since `since`. Not a job
   * taken before: its worker may have died holding it, and BullMQ gives it to another only once its lock has run
   * out and a stalled check found it (up to a minute with the default 30 s of each).
   */
  async isWaitingOrTakenSince<N extends JobName>(name: N, data: JobPayloads[N], since: Date): Promise<boolean> {
    const spec = jobSpec(name);
    const [queue, id] = [this.byName[spec.queue], spec.id(data)];
    const state = await queue.getJobState(id);
    if (state !== 'active') return WAITING_STATES.includes(state);
    const job = await queue.getJob(id);
    return (job?.processedOn ?? 0) >= since.getTime();
  }

  /** Drops the finished job of this payload, so the same work can be queued again under its id. */
  async remove<N extends JobName>(name: N, data: JobPayloads[N]): Promise<void> {
    const spec = jobSpec(name);
    await this.byName[spec.queue].remove(spec.id(data)).catch(() => 0);
  }
}
