import { Injectable, Logger } from '@nestjs/common';
import { idAtTime, type IdKind, timeOfId } from '@app/platform';
import type { PoolClient } from 'pg';
import { PrismaService } from '../prisma.service';

/**
 * The partitioned history (see migration 20261122080000_history_partitions): each table is
 * range-partitioned by its id, whose first ten characters after the prefix are a ULID time, one
 * partition per calendar month (UTC). A delivery's id carries its event's time and an attempt's
 * its delivery's, so a month's attempts, deliveries and events are dropped together, in that
 * order (each belongs to the one after it; no foreign key joins them since migration
 * 20261201220000_history_without_keys).
 */
export const HISTORY_TABLES = [
  { table: 'DeliveryAttempt', kind: 'attempt' },
  { table: 'WebhookDelivery', kind: 'delivery' },
  { table: 'CallEvent', kind: 'event' },
] as const satisfies readonly { table: string; kind: IdKind }[];

/** Months after the current one whose partitions exist before anything is written in them. */
export const HISTORY_MONTHS_AHEAD = 3;

export type HistoryTable = (typeof HISTORY_TABLES)[number]['table'];

/** One partition: the times its ids cover, [from, to) in ms; from null for MINVALUE. */
export interface HistoryPartition {
  table: HistoryTable;
  name: string;
  from: number | null;
  to: number;
  /** A DETACH … CONCURRENTLY that was interrupted: it is finished (FINALIZE) before the drop. */
  detaching?: boolean;
}

export interface HistoryPolicy {
  /** History older than this many days is dropped (a month when all of it is older). */
  retentionDays: number;
  /** Months after the current one that must already have their partitions. */
  monthsAhead: number;
}

export interface HistoryPlan {
  create: { table: HistoryTable; name: string; from: number; to: number }[];
  drop: HistoryPartition[];
}

const DAY_MS = 86_400_000;
// Any constant every engine agrees on: one maintenance pass at a time.
const LOCK_KEY = 16_017;
// Well below PostgreSQL's deadlock_timeout (1 s): a pass waits this long for a lock, then yields.
const LOCK_TIMEOUT_MS = 100;
const LOCK_RETRIES = 30;

/** Runs a DDL statement, retrying after a short random pause while it cannot get its locks in time. */
async function giveWayToWriters<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (e) {
      // 55P03 lock_not_available (lock_timeout), 40P01 deadlock_detected (a writer's own cycle)
      const code = (e as { code?: string }).code;
      if ((code !== '55P03' && code !== '40P01') || attempt >= LOCK_RETRIES) throw e;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
    }
  }
}

const monthStart = (ms: number, add = 0) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
};
const monthName = (ms: number) => new Date(ms).toISOString().slice(0, 7).replace('-', '_');

/**
 * What a maintenance pass at `now` does: every month from the current one to monthsAhead later
 * gets its partition where no partition covers it yet, and every partition whose whole range is
 * older than the retention goes (attempts, then deliveries, then events: HISTORY_TABLES order).
 */
export function planHistoryPartitions(existing: HistoryPartition[], now: number, policy: HistoryPolicy): HistoryPlan {
  const cutoff = now - policy.retentionDays * DAY_MS;
  const create: HistoryPlan['create'] = [];
  for (const { table } of HISTORY_TABLES) {
    const mine = existing.filter((p) => p.table === table);
    for (let m = 0; m <= policy.monthsAhead; m++) {
      const from = monthStart(now, m);
      const to = monthStart(now, m + 1);
      const covered = mine.some((p) => (p.from ?? -Infinity) < to && p.to > from);
      if (!covered) create.push({ table, name: `${table}_${monthName(from)}`, from, to });
    }
  }
  const order = (t: HistoryTable) => HISTORY_TABLES.findIndex((h) => h.table === t);
  const drop = existing.filter((p) => p.to <= cutoff).sort((a, b) => a.to - b.to || order(a.table) - order(b.table));
  return { create, drop };
}

/** Whether a partition's detach was begun (CONCURRENTLY) and not finished. */
async function detachPending(db: PoolClient, name: string): Promise<boolean> {
  const { rows } = await db.query<{ pending: boolean }>(
    'SELECT inhdetachpending AS pending FROM pg_inherits WHERE inhrelid = to_regclass($1)',
    [`"${name}"`],
  );
  return rows[0]?.pending ?? false;
}

/** Creates history partitions ahead and drops those past retention; one runner at a time. */
@Injectable()
export class HistoryPartitions {
  private readonly logger = new Logger(HistoryPartitions.name);

  constructor(private readonly prisma: PrismaService) {}

  /** The partitions of the history tables, oldest first per table. */
  async list(): Promise<HistoryPartition[]> {
    const rows = await this.prisma.$queryRaw<
      { table: HistoryTable; name: string; bound: string; detaching: boolean }[]
    >`
      SELECT parent.relname AS "table", child.relname AS name, pg_get_expr(child.relpartbound, child.oid) AS bound,
             i.inhdetachpending AS detaching
      FROM pg_inherits i
      JOIN pg_class parent ON parent.oid = i.inhparent
      JOIN pg_class child ON child.oid = i.inhrelid
      JOIN pg_namespace n ON n.oid = parent.relnamespace AND n.nspname = current_schema()
      WHERE parent.relname = ANY (${HISTORY_TABLES.map((h) => h.table)})`;
    return rows
      .map((r) => {
        // FOR VALUES FROM ('evt_…' | MINVALUE) TO ('evt_…')
        const [, from, to] = /FROM \((MINVALUE|'[^']*')\) TO \('([^']*)'\)/.exec(r.bound) ?? [];
        return {
          table: r.table,
          name: r.name,
          from: from === 'MINVALUE' ? null : timeOfId(from.slice(1, -1)),
          to: timeOfId(to),
          ...(r.detaching ? { detaching: true } : {}),
        };
      })
      .sort((a, b) => a.table.localeCompare(b.table) || a.to - b.to);
  }

  /**
   * One pass at `now`, on a connection of its own holding a session advisory lock (another
   * engine's pass in progress: this one does nothing and answers null). A month is created as a
   * plain table and then attached, and months are detached CONCURRENTLY: neither blocks inserts
   * into the current month. Attaching still takes short share-row-exclusive locks (on "Call" and
   * the tables its foreign keys join), so every statement here runs under a lock_timeout below
   * PostgreSQL's deadlock_timeout: the pass gives way and retries instead of ever holding a lock
   * a writer waits on long enough to be part of a deadlock. What still fails is logged and retried
   * by the next pass.
   */
  async maintain(now: Date, policy: HistoryPolicy): Promise<HistoryPlan | null> {
    return this.prisma.withConnection(async (db) => {
      const { rows } = await db.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
      if (!rows[0].locked) return null;
      try {
        await db.query(`SET lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
        await this.dropStrays(db);
        const plan = planHistoryPartitions(await this.list(), now.getTime(), policy);
        const created: HistoryPlan['create'] = [];
        for (const p of plan.create) {
          const { kind } = HISTORY_TABLES.find((h) => h.table === p.table)!;
          const bounds = `FOR VALUES FROM ('${idAtTime(kind, p.from)}') TO ('${idAtTime(kind, p.to)}')`;
          try {
            await db.query(`CREATE TABLE IF NOT EXISTS "${p.name}" (LIKE "${p.table}" INCLUDING DEFAULTS)`);
            await giveWayToWriters(() => db.query(`ALTER TABLE "${p.table}" ATTACH PARTITION "${p.name}" ${bounds}`));
            created.push(p);
          } catch (e) {
            // the plain table left behind is a stray: the next pass drops it and tries again
            this.logger.warn({
              partition: p.name,
              err: (e as Error).message,
              msg: 'could not create (next pass retries)',
            });
          }
        }
        const dropped: HistoryPartition[] = [];
        for (const p of plan.drop) {
          try {
            // A DETACH … CONCURRENTLY that gave way in its second step (waiting for older snapshots)
            // leaves the month pending detach: its retry finishes it (FINALIZE) in this same pass.
            await giveWayToWriters(async () => {
              const how = p.detaching || (await detachPending(db, p.name)) ? 'FINALIZE' : 'CONCURRENTLY';
              return db.query(`ALTER TABLE "${p.table}" DETACH PARTITION "${p.name}" ${how}`);
            });
            await giveWayToWriters(() => db.query(`DROP TABLE "${p.name}"`));
            dropped.push(p);
          } catch (e) {
            this.logger.warn({
              partition: p.name,
              err: (e as Error).message,
              msg: 'could not drop (next pass retries)',
            });
          }
        }
        return { create: created, drop: dropped };
      } finally {
        await db.query('RESET lock_timeout');
        await db.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
      }
    });
  }

  /** Months detached by a pass that stopped before dropping them: plain tables nobody reads. */
  private async dropStrays(db: PoolClient): Promise<void> {
    const { rows } = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind = 'r' AND NOT c.relispartition
         AND c.relname ~ '^(CallEvent|WebhookDelivery|DeliveryAttempt)_(until_)?[0-9]{4}_[0-9]{2}$'`,
    );
    for (const { name } of rows) {
      await giveWayToWriters(() => db.query(`DROP TABLE "${name}"`));
      this.logger.log({ partition: name, msg: 'dropped a month an earlier pass detached' });
    }
  }
}
