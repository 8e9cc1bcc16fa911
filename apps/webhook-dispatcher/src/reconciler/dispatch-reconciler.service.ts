import { Injectable } from '@nestjs/common';
import { AppConfig, PeriodicTask } from '@app/platform';
import { DeliveryQueue, WebhookDeliveriesRepository } from '@app/webhooks';
import { deliveryQuietMs } from '../delivery/first-attempts';
import { FanOutService } from '../fan-out/fan-out.service';

const BATCH = 500;
/** Events younger than this are still on their way through the domain-events queue. */
const FAN_OUT_GRACE_MS = 3000;

/**
 * Re-derives delivery work from PostgreSQL, so a crash or a Redis flush delays deliveries and
 * never loses them: events that were never fanned out are fanned out, and pending deliveries whose
 * job is gone are queued again (same deliveryId). Receivers may see a duplicate, never a gap.
 */
@Injectable()
export class DispatchReconciler extends PeriodicTask {
  protected readonly intervalMs: number;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly fanOut: FanOutService,
    private readonly queue: DeliveryQueue,
    private readonly config: AppConfig,
  ) {
    super();
    this.intervalMs = config.DISPATCH_RECONCILE_INTERVAL_MS;
  }

  protected async run(): Promise<void> {
    const events = await this.deliveries.findNotFannedOut(new Date(Date.now() - FAN_OUT_GRACE_MS), BATCH);
    for (const e of events) await this.fanOut.fanOut(e.id, undefined, false);
    // Quiet for longer than an attempt can take: nothing is working on it.
    const stale = await this.deliveries.findStalePending(new Date(Date.now() - deliveryQuietMs(this.config)), BATCH);
    const lost = [];
    for (const d of stale) {
      if (await this.queue.isQueued(d)) continue;
      await this.queue.forget(d);
      lost.push(d);
    }
    if (events.length || lost.length)
      this.logger.log({
        fanOuts: events.length,
        deliveryJobs: lost.length,
        msg: 'recovered lost fan-outs and deliveries',
      });
    await this.queue.enqueue(lost);
  }
}
