import { Injectable } from '@nestjs/common';
import { MEDIA_RETENTION_BATCH, MediaRetentionRepository } from '@app/calls';
import { AppConfig, PeriodicTask } from '@app/platform';

/**
 * Every MEDIA_RETENTION_INTERVAL_MS, removes the transcripts and recordings of calls that ended
 * longer ago than their workspace keeps them (one engine at a time; see MediaRetentionRepository).
 */
@Injectable()
export class MediaRetention extends PeriodicTask {
  protected readonly intervalMs: number;

  constructor(
    private readonly retention: MediaRetentionRepository,
    config: AppConfig,
  ) {
    super();
    this.intervalMs = config.MEDIA_RETENTION_INTERVAL_MS;
  }

  protected async run(): Promise<void> {
    for (;;) {
      const removed = await this.retention.removeDue(new Date());
      if (removed.length) this.logger.log({ calls: removed.length, msg: 'removed transcripts and recordings' });
      if (removed.length < MEDIA_RETENTION_BATCH) return;
    }
  }
}
