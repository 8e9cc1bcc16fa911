import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@app/calls';
import { CampaignRunnerRepository } from '@app/campaigns';
import { AppConfig, PeriodicTask } from '@app/platform';
import { JobQueues } from '@app/queues';

/**
 * Drives campaigns every CAMPAIGN_TICK_MS: each pass settles the recipients whose calls ended,
 * starts scheduled campaigns when due, dials within the budgets and completes finished ones
 * (CampaignRunnerRepository.step, one transaction per campaign). Calls are handed to the engine
 * like any start-call: a lost dial job is found again by the reconciler from the ringing row.
 */
@Injectable()
export class CampaignRunner extends PeriodicTask {
  protected readonly intervalMs: number;

  constructor(
    private readonly runner: CampaignRunnerRepository,
    private readonly jobs: JobQueues,
    private readonly publisher: EventPublisher,
    config: AppConfig,
  ) {
    super();
    this.intervalMs = config.CAMPAIGN_TICK_MS;
  }

  protected async run(): Promise<void> {
    for (const id of await this.runner.active()) {
      const done = await this.runner.step(id, new Date());
      if (!done) continue;
      for (const callId of done.callIds) await this.jobs.add('dial-call', { callId });
      await this.publisher.publish(done.events);
    }
  }
}
