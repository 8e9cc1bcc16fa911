import { Injectable } from '@nestjs/common';
import { AppConfig, PeriodicTask } from '@app/platform';
import { JobQueues } from '@app/queues';
import { DeliveryQueue, WebhookDeliveriesRepository } from '@app/webhooks';
import { deliveryQuietMs } from '../delivery/first-attempts';
import { FanOutService } from '../fan-out/fan-out.service';

/** Events, and deliveries, a pass looks at. */
export const RECONCILE_BATCH = 500;
/** Events younger than this are still on their way through the domain-events queue. */
const FAN_OUT_GRACE_MS = 3000;

/**
 * Re-derives delivery work from PostgreSQL, so a crash or a Redis flush delays deliveries and
 * never loses them: events never fanned out whose fan-out job is gone or stuck are fanned out, and pending
 * deliveries whose job is gone are queued again (same deliveryId). Receivers may see a duplicate,
 * never a gap. An event still waiting in the queue behind a backlog is not lost: fanned out here, its deliveries
 * would all go through the deliveries queue (dearer than a fan-out's first attempts) and ahead of
 * other tenants' events, in a pass that took seconds (a 2× overload's backlog, 2026-12-04).
 */
@Injectable()
export class DispatchReconciler extends PeriodicTask {
  protected readonly intervalMs: number;
  /**
   * Where the next pass looks for lost fan-outs: after the last event this one looked at, while it found a full
   * batch (all of them may be queued still), so a lost event behind a backlog's is found within a few passes.
   */
  private afterEvent = '';
  /** Longer than an attempt can take: a delivery untouched for this long, or a fan-out taken this long ago, is lost. */
  private readonly quietMs: number;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly fanOut: FanOutService,
    private readonly queue: DeliveryQueue,
    private readonly jobs: JobQueues,
    config: AppConfig,
  ) {
    super();
    this.intervalMs = config.DISPATCH_RECONCILE_INTERVAL_MS;
    this.quietMs = deliveryQuietMs(config);
  }

  protected async run(): Promise<void> {
    const found = await this.deliveries.findNotFannedOut(
      new Date(Date.now() - FAN_OUT_GRACE_MS),
      RECONCILE_BATCH,
      this.afterEvent,
    );
    this.afterEvent = found.length === RECONCILE_BATCH ? found[found.length - 1].id : '';
    // An event whose job a worker took longer ago than a fan-out takes is fanned out here too (a repeat finds its
    // deliveries made, and one send of a delivery at a time holds): after a SIGKILL of the dispatcher, its jobs
    // stayed active for up to a minute, past the fault suite's 45 s audit (2026-12-05).
    const takenSince = new Date(Date.now() - this.quietMs);
    const inHand = await Promise.all(
      found.map((e) => this.jobs.isWaitingOrTakenSince('fan-out', { eventId: e.id }, takenSince)),
    );
    const events = found.filter((_, i) => !inHand[i]);
    for (const e of events) await this.fanOut.fanOut(e.id, undefined, false);
    // Quiet for longer than an attempt can take: nothing is working on it.
    const stale = await this.deliveries.findStalePending(new Date(Date.now() - this.quietMs), RECONCILE_BATCH);
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
