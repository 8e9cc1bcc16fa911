import { Injectable } from '@nestjs/common';
import { JobQueues } from '@app/queues';

/** A round of sending one delivery: a retry or replay of a delivery is a new round (`replays`). */
export interface DeliveryRound {
  id: string;
  replays: number;
  webhookId: string;
}

const payload = (d: DeliveryRound, requestId?: string, notBefore?: number) => ({
  deliveryId: d.id,
  webhookId: d.webhookId,
  round: d.replays,
  requestId,
  notBefore,
});

/** Puts delivery rounds on their queue (the dispatcher's fan-out and reconciler, the gateway's replays). */
@Injectable()
export class DeliveryQueue {
  constructor(private readonly jobs: JobQueues) {}

  /** notBefore: not run before then (ms since the epoch), for the retry of an attempt made without a job. */
  enqueue(rounds: DeliveryRound[], requestId?: string, notBefore?: number): Promise<void> {
    return this.jobs.addBulk(
      'deliver',
      rounds.map((d) => payload(d, requestId, notBefore)),
    );
  }

  /** Whether a round's job is still queued or running (so the reconciler leaves it alone). */
  isQueued(d: DeliveryRound): Promise<boolean> {
    return this.jobs.isPending('deliver', payload(d));
  }

  /** Drops a finished job of a round so the round can be queued again under its id. */
  forget(d: DeliveryRound): Promise<void> {
    return this.jobs.remove('deliver', payload(d));
  }
}
