import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/common';
import { CallLifecycleRepository } from '@app/db';
import { EventPublisher } from '../events/event-publisher';
import { CallLifecycleService } from '../lifecycle/call-lifecycle.service';

const BATCH = 500;
/** Events younger than this are still being published by the engine that wrote them. */
const PUBLISH_GRACE_MS = 2000;

/**
 * Re-derives work from PostgreSQL so nothing depends on Redis keeping its jobs: at start-up and
 * every RECONCILE_INTERVAL_MS it advances every unfinished call (which reschedules its wake-up)
 * and hands over events that were never published. Several engines may run it at once: job ids
 * and guarded updates make the overlap harmless.
 */
@Injectable()
export class ReconcilerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReconcilerService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly calls: CallLifecycleRepository,
    private readonly lifecycle: CallLifecycleService,
    private readonly publisher: EventPublisher,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.config.RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; skipped when the previous one is still running. */
  tick(): Promise<void> {
    this.running ??= this.reconcile()
      .catch((e) => this.logger.warn(`reconcile pass failed: ${(e as Error).message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async reconcile(): Promise<void> {
    const unfinished = await this.calls.findUnfinished(BATCH);
    for (const { id } of unfinished) await this.lifecycle.advance(id);
    const events = await this.calls.findUnpublishedEvents(new Date(Date.now() - PUBLISH_GRACE_MS), BATCH);
    if (events.length > 0) {
      this.logger.log(`publishing ${events.length} event(s) that were never handed to the dispatcher`);
      await this.publisher.publish(events);
    }
  }
}
