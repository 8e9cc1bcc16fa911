/**
 * Every BullMQ queue of the system, named once.
 * WARNING: renaming a queue strands the jobs waiting under the old name. The reconciler re-derives
 * them from PostgreSQL, but plan a rename as a migration (drain, deploy, reconcile).
 */
export enum QueueName {
  /** Gateway → call-engine: drive one call (dial, advance, end). */
  CallEngine = 'call-engine',
  /** Call-engine → webhook-dispatcher: one published domain event to fan out. */
  DomainEvents = 'domain-events',
  /** Dispatcher-internal: one HTTP delivery of one event to one webhook, with retries. */
  WebhookDeliveries = 'webhook-deliveries',
}

export const ALL_QUEUES = Object.values(QueueName);

/** Job names and payloads per queue, as one map so handlers derive their argument types. */
export interface JobPayloads {
  [QueueName.CallEngine]: {
    /** A new call to dial; jobId is the callId, so a repeat enqueue is a no-op. */
    'dial-call': { callId: string; requestId?: string };
    /** A client asked to hang up (the row's endRequestedAt says so too). */
    'end-call': { callId: string; requestId?: string };
    /** Engine-internal wake-up: apply the call's next step if it is due, else wait for it. */
    'advance-call': { callId: string; requestId?: string };
  };
  [QueueName.DomainEvents]: {
    /** A CallEvent row to fan out to webhooks; jobId is the eventId. */
    'fan-out': { eventId: string; requestId?: string };
  };
  [QueueName.WebhookDeliveries]: {
    /** One WebhookDelivery row to send; jobId is the deliveryId (plus a replay suffix). */
    deliver: { deliveryId: string; webhookId: string; requestId?: string };
  };
}

export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];

/** Job id of one delivery round: asking for the same round twice makes one job. */
export const deliveryJobId = (d: { id: string; replays: number }) => `${d.id}-${d.replays}`;
