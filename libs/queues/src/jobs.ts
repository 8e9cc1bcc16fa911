import type { JobsOptions } from 'bullmq';
import type { FairShare } from './fair-share';

/**
 * The one table of queues and jobs: every queue, every job's payload, id and options. A job name,
 * id or option written anywhere else does not compile (producers and consumers take them from here).
 *
 * WARNING: renaming a queue or a job strands the jobs waiting under the old name. The reconcilers
 * re-derive them from PostgreSQL, but plan a rename as a migration (drain, deploy, reconcile).
 */
export enum QueueName {
  /** Gateway → call-engine: drive one call (dial, advance, end). */
  CallEngine = 'call-engine',
  /** Call-engine → webhook-dispatcher: one published domain event to fan out. */
  DomainEvents = 'domain-events',
  /** Dispatcher-internal: one HTTP delivery of one event to one webhook. */
  WebhookDeliveries = 'webhook-deliveries',
  /** Engine-internal: an ended call's after-call work, with a concurrency of its own (AFTER_CALL_CONCURRENCY). */
  AfterCall = 'after-call',
}

export const ALL_QUEUES = Object.values(QueueName);

/** The gateway's request id travels with the work, into every job and log line about it. */
interface Traced {
  requestId?: string;
}

/** Payload of each job, by job name. */
export interface JobPayloads {
  /** A new call to dial. */
  'dial-call': { callId: string } & Traced;
  /** A client asked to hang up (the row's endRequestedAt says so too). */
  'end-call': { callId: string } & Traced;
  /** A client asked to transfer a connected call (the row's transferTo names where). */
  'transfer-call': { callId: string } & Traced;
  /** Engine-internal wake-up: apply the call's next step (`step`, due at `at` ms) if due, else wait. */
  'advance-call': { callId: string; step: string; at: number } & Traced;
  /** The same for an ended call's after-call step (AFTER_CALL_STEPS), on the after-call queue. */
  'after-call': { callId: string; step: string; at: number } & Traced;
  /** A CallEvent row to fan out to webhooks (workspaceId: for fair ordering; absent on old jobs). */
  'fan-out': { eventId: string; workspaceId?: string } & Traced;
  /**
   * One round of sending a WebhookDelivery row; a retry or replay of it is a new round. notBefore:
   * the retry of a first attempt its fan-out made (ms since the epoch).
   */
  deliver: { deliveryId: string; webhookId: string; round: number; notBefore?: number } & Traced;
}

export type JobName = keyof JobPayloads;

export interface JobSpec<N extends JobName> {
  queue: QueueName;
  /** The same work gets the same id, so asking for it twice (engine and reconciler) makes one job. */
  id(data: JobPayloads[N]): string;
  /** For wake-ups: run no earlier than this (ms since the epoch). */
  notBefore?(data: JobPayloads[N]): number;
  /** The tenant whose burst must not delay other tenants' jobs on this queue (see FairShare). */
  tenant?(data: JobPayloads[N]): string;
  options: Omit<JobsOptions, 'jobId' | 'delay'>;
}

/**
 * The wake-ups of an ended call's after-call work. They go to a queue of their own, consumed with a small
 * concurrency: sharing the engine queue's workers (behind a priority), up to all of them stored transcripts and
 * rendered recordings at once, and live calls' transitions waited for the cores (p99 318-410 ms at 2,000 live calls).
 */
export const AFTER_CALL_STEPS: readonly string[] = ['store-transcript', 'store-recording', 'analyse'];

/** The job that wakes a call for `step`: after-call work on its own queue, every other step on the engine's. */
export function wakeUpJob(step: string): 'advance-call' | 'after-call' {
  return AFTER_CALL_STEPS.includes(step) ? 'after-call' : 'advance-call';
}

/** Finished jobs kept for inspection in Bull Board. */
const KEEP = { removeOnComplete: 1000, removeOnFail: 5000 } as const;

/** A wake-up is retried briefly (its step is safe to apply twice) and forgotten once done. */
const WAKE_UP = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 200 },
  removeOnComplete: true,
  removeOnFail: 5000,
} as const;

export const JOBS = {
  'dial-call': { queue: QueueName.CallEngine, id: (d) => d.callId, options: KEEP },
  'end-call': { queue: QueueName.CallEngine, id: (d) => `end-${d.callId}`, options: KEEP },
  'transfer-call': { queue: QueueName.CallEngine, id: (d) => `transfer-${d.callId}`, options: KEEP },
  'advance-call': {
    queue: QueueName.CallEngine,
    id: (d) => `adv-${d.callId}-${d.step}-${d.at}`,
    notBefore: (d) => d.at,
    options: WAKE_UP,
  },
  'after-call': {
    queue: QueueName.AfterCall,
    id: (d) => `after-${d.callId}-${d.step}-${d.at}`,
    notBefore: (d) => d.at,
    options: WAKE_UP,
  },
  'fan-out': {
    queue: QueueName.DomainEvents,
    id: (d) => d.eventId,
    tenant: (d) => d.workspaceId ?? '',
    options: { ...KEEP, attempts: 10, backoff: { type: 'exponential', delay: 500 } },
  },
  // Delivery attempts are counted in PostgreSQL; BullMQ only carries the next one (the consumer
  // moves the job to delayed). Its own retries cover a handler that threw (database away).
  deliver: {
    queue: QueueName.WebhookDeliveries,
    id: (d) => `${d.deliveryId}-${d.round}`,
    notBefore: (d) => d.notBefore ?? 0,
    tenant: (d) => d.webhookId,
    options: { ...KEEP, attempts: 5, backoff: { type: 'exponential', delay: 1000 } },
  },
} as const satisfies { [N in JobName]: JobSpec<N> };

/** The jobs a queue carries. */
export type JobsOf<Q extends QueueName> = {
  [N in JobName]: (typeof JOBS)[N]['queue'] extends Q ? N : never;
}[JobName];

export function jobSpec<N extends JobName>(name: N): JobSpec<N> {
  return JOBS[name] as unknown as JobSpec<N>;
}

/** The BullMQ options of one job: its id, delay and fair-share priority. */
export function jobOptions<N extends JobName>(name: N, data: JobPayloads[N], fairShare: FairShare): JobsOptions {
  const spec = jobSpec(name);
  return {
    ...spec.options,
    jobId: spec.id(data),
    priority: spec.tenant ? fairShare.priority(`${spec.queue}:${spec.tenant(data)}`) : undefined,
    delay: spec.notBefore ? Math.max(0, spec.notBefore(data) - Date.now()) : undefined,
  };
}

export function jobsOfQueue(queue: QueueName): JobName[] {
  return (Object.keys(JOBS) as JobName[]).filter((n) => JOBS[n].queue === queue);
}
