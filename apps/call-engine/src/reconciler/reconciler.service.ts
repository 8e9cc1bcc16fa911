import { Injectable } from '@nestjs/common';
import { CallsRepository, EventPublisher } from '@app/calls';
import { CallLifecycleRepository } from '@app/calls/lifecycle';
import { AppConfig, PeriodicTask } from '@app/platform';
import { CallLifecycleService } from '../lifecycle/call-lifecycle.service';
import { WakeUps } from '../lifecycle/wake-ups';

const BATCH = 500;
/** Live calls looked at per pass (ids only); those with a wake-up still to come are skipped. */
const SCAN = 20_000;
/** A wake-up this late is taken for lost (its job gone with Redis, or stuck). */
const OVERDUE_MS = 10_000;
/** Events younger than this are still being published by the engine that wrote them. */
const PUBLISH_GRACE_MS = 2000;

/**
 * Re-derives work from PostgreSQL so nothing depends on Redis keeping its jobs: at start-up and
 * every RECONCILE_INTERVAL_MS it advances every unfinished call whose wake-up is not still to come
 * (WakeUps; advancing reschedules it)
 * and hands over events that were never published; it also folds the call-count tallies and frees
 * any live-call slot a finished call still holds (a safety net: the final transition frees it). Several
 * engines may run it at once: job ids and guarded updates make the overlap harmless.
 */
@Injectable()
export class ReconcilerService extends PeriodicTask {
  protected readonly intervalMs: number;

  constructor(
    private readonly calls: CallLifecycleRepository,
    private readonly lifecycle: CallLifecycleService,
    private readonly publisher: EventPublisher,
    private readonly callCounts: CallsRepository,
    private readonly wakeUps: WakeUps,
    config: AppConfig,
  ) {
    super();
    this.intervalMs = config.RECONCILE_INTERVAL_MS;
  }

  protected async run(): Promise<void> {
    const unfinished = await this.calls.findUnfinished(SCAN);
    const lost = await this.wakeUps.unscheduled(
      unfinished.map((c) => c.id),
      Date.now() - OVERDUE_MS,
    );
    for (const id of lost.slice(0, BATCH)) await this.lifecycle.advance(id);
    await this.wakeUps.prune();
    const events = await this.calls.findUnpublishedEvents(new Date(Date.now() - PUBLISH_GRACE_MS), BATCH);
    if (events.length > 0) {
      this.logger.log({ events: events.length, msg: 'publishing events never handed to the dispatcher' });
      await this.publisher.publish(events);
    }
    await this.callCounts.foldTallies();
    const stray = await this.callCounts.releaseStraySlots();
    if (stray > 0) this.logger.warn({ slots: stray, msg: 'freed live-call slots held by calls that had ended' });
  }
}
