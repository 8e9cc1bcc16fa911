import { Injectable } from '@nestjs/common';
import { HISTORY_MONTHS_AHEAD, HistoryPartitions } from '@app/db';
import { AppConfig, PeriodicTask } from '@app/platform';

/**
 * Every HISTORY_MAINTENANCE_INTERVAL_MS (and at start), creates the history's partitions for the
 * coming months and drops the months older than HISTORY_RETENTION_DAYS: retention is a DROP, not
 * a DELETE (one engine at a time; see HistoryPartitions).
 */
@Injectable()
export class HistoryMaintenance extends PeriodicTask {
  protected readonly intervalMs: number;

  constructor(
    private readonly partitions: HistoryPartitions,
    private readonly config: AppConfig,
  ) {
    super();
    this.intervalMs = config.HISTORY_MAINTENANCE_INTERVAL_MS;
  }

  protected async run(): Promise<void> {
    const done = await this.partitions.maintain(new Date(), {
      retentionDays: this.config.HISTORY_RETENTION_DAYS,
      monthsAhead: HISTORY_MONTHS_AHEAD,
    });
    for (const p of done?.create ?? []) this.logger.log({ partition: p.name, msg: 'created partition' });
    for (const p of done?.drop ?? []) this.logger.log({ partition: p.name, msg: 'dropped partition past retention' });
  }
}
