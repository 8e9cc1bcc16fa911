import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';

/**
 * A pass that runs at start-up and then every `intervalMs`, never two at once in one process,
 * and that shutdown waits for. The reconcilers are built on it.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  protected abstract readonly intervalMs: number;
  protected abstract run(): Promise<void>;

  onApplicationBootstrap(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the interval and waits for a running pass, before the connections it uses close. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; skipped when the previous one is still running. */
  tick(): Promise<void> {
    this.running ??= this.run()
      .catch((e) => this.logger.warn({ err: (e as Error).message, msg: 'pass failed' }))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
