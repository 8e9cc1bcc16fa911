import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QueueName, deliveryJobId, type JobPayload } from '@app/contracts';

/** Puts delivery rounds on the webhook-deliveries queue (the dispatcher and the gateway's replays). */
@Injectable()
export class DeliveryQueue {
  constructor(@InjectQueue(QueueName.WebhookDeliveries) private readonly queue: Queue) {}

  async enqueue(deliveries: { id: string; replays: number; webhookId: string }[], attempts: number, requestId?: string): Promise<void> {
    if (deliveries.length === 0) return;
    await this.queue.addBulk(deliveries.map((d) => ({
      name: 'deliver',
      data: { deliveryId: d.id, webhookId: d.webhookId, requestId } satisfies JobPayload<QueueName.WebhookDeliveries, 'deliver'>,
      // Each try is one BullMQ attempt; the wait between them comes from the worker's backoff strategy.
      opts: { jobId: deliveryJobId(d), attempts, backoff: { type: 'webhook' }, removeOnComplete: 1000, removeOnFail: 5000 },
    })));
  }

  /** Whether a round's job is still queued or running (so the reconciler leaves it alone). */
  async isQueued(d: { id: string; replays: number }): Promise<boolean> {
    const state = await this.queue.getJobState(deliveryJobId(d));
    return ['waiting', 'delayed', 'active', 'prioritized', 'waiting-children'].includes(state);
  }

  /** Drops a finished job of a round so the round can be queued again under its id. */
  async forget(d: { id: string; replays: number }): Promise<void> {
    await this.queue.remove(deliveryJobId(d)).catch(() => 0);
  }
}
