import { Injectable } from '@nestjs/common';
import pLimit from 'p-limit';
import { AppConfig } from '@app/platform';
import { DeliveryQueue, freshForSend, type FanOutResult, type FannedOutDelivery } from '@app/webhooks';
import { DeliveryService, type AttemptResult } from './delivery.service';
import { EndpointLimiter } from './endpoint-limiter';

/**
 * How long a pending delivery goes untouched before the reconciler takes its job for lost and
 * queues it again (longer than an attempt can take).
 */
export function deliveryQuietMs(config: AppConfig): number {
  return Math.max(2000, config.WEBHOOK_TIMEOUT_MS + 1000);
}

/**
 * The first attempt of each delivery a fan-out created, made by the fan-out itself: a job per
 * delivery costs Redis two BullMQ scripts and this process a round of job handling, more than the
 * send, and the fan-out already holds what the send needs. At most FIRST_ATTEMPTS_IN_FLIGHT are in
 * flight per process; past that, fan-outs wait their turn (oldest first). A delivery whose endpoint
 * is at its cap, or that must be tried again, goes to the deliveries queue. The row stays the
 * truth: a crash mid-send leaves it pending, and the fan-out job, run again, queues it.
 *
 * A first attempt that waited its turn for half the reconciler's quiet time may have been queued
 * again meanwhile (and sent by then): it reads the row first and sends only if nothing tried it. One
 * sooner cannot have been, and the endpoint's limiter holds the delivery until the attempt is recorded.
 */
@Injectable()
export class FirstAttempts {
  private readonly sends: pLimit.Limit;
  /** Past this since its fan-out, a first attempt reads its delivery's row before sending. */
  private readonly freshForMs: number;

  constructor(
    private readonly delivery: DeliveryService,
    private readonly limiter: EndpointLimiter,
    private readonly queue: DeliveryQueue,
    config: AppConfig,
  ) {
    this.sends = pLimit(config.FIRST_ATTEMPTS_IN_FLIGHT);
    this.freshForMs = deliveryQuietMs(config) / 2;
  }

  /**
   * Sends the fresh deliveries and queues the others; settles when every send is recorded.
   * fannedOutAt: when the fan-out that created them started (Date.now()).
   */
  async run(fanOut: FanOutResult, fannedOutAt: number, requestId?: string): Promise<void> {
    const sendNow = (d: FannedOutDelivery) => d.fresh && fanOut.event !== null;
    const first = fanOut.pending.filter(sendNow);
    await this.queue.enqueue(
      fanOut.pending.filter((d) => !sendNow(d)),
      requestId,
    );
    const sent = await Promise.allSettled(
      first.map((d) => this.sends(() => this.send(d, fanOut, fannedOutAt, requestId))),
    );
    // a failed record (database away) fails the fan-out job: run again, it queues what is still pending
    const failed = sent.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async send(d: FannedOutDelivery, fanOut: FanOutResult, fannedOutAt: number, requestId?: string) {
    const admission = await this.limiter.acquire(d.webhookId, d.id, null);
    // at its cap: queued to wait its turn; held by another sender: queued for when that one's lease ends
    if (!admission.took) return this.queue.enqueue([d], requestId, admission.busyUntil ?? undefined);
    let result: AttemptResult | undefined;
    try {
      const late = Date.now() - fannedOutAt > this.freshForMs;
      result = late
        ? await this.delivery.attempt(d.id, requestId, { untriedOnly: true })
        : await this.delivery.attemptOf(freshForSend(d, fanOut), requestId);
    } finally {
      await this.limiter.finish(d.webhookId, d.id, result?.sent ?? null);
    }
    if (result.nextAttemptAt) await this.queue.enqueue([d], requestId, result.nextAttemptAt.getTime());
  }
}
