import { type HistoryPartition, planHistoryPartitions } from './history-partitions';

const at = (iso: string) => Date.parse(iso);
const month = (table: HistoryPartition['table'], from: string, to: string): HistoryPartition => ({
  table,
  name: `${table}_${from.slice(0, 7).replace('-', '_')}`,
  from: at(from),
  to: at(to),
});
const tables = ['DeliveryAttempt', 'WebhookDelivery', 'CallEvent'] as const;

describe('planHistoryPartitions', () => {
  it('creates the current month and the months ahead where nothing covers them yet', () => {
    const existing = tables.map((t) => month(t, '2026-11-01', '2026-12-01'));
    const plan = planHistoryPartitions(existing, at('2026-11-22T10:00:00Z'), { retentionDays: 90, monthsAhead: 2 });
    expect(plan.drop).toEqual([]);
    expect(plan.create.map((p) => p.name)).toEqual(tables.flatMap((t) => [`${t}_2026_12`, `${t}_2027_01`]));
    expect(plan.create[0]).toMatchObject({ from: at('2026-12-01'), to: at('2027-01-01') });
  });

  it('counts a first partition from MINVALUE as covering every month before its end', () => {
    const existing = tables.map((t) => ({ table: t, name: `${t}_until_2026_12`, from: null, to: at('2026-12-01') }));
    const plan = planHistoryPartitions(existing, at('2026-11-30T23:59:59Z'), { retentionDays: 90, monthsAhead: 0 });
    expect(plan).toEqual({ create: [], drop: [] });
  });

  it('drops a month once all of it is older than the retention, attempts before deliveries before events', () => {
    const existing = tables.flatMap((t) => [
      month(t, '2026-07-01', '2026-08-01'),
      month(t, '2026-08-01', '2026-09-01'),
      month(t, '2026-09-01', '2026-10-01'),
    ]);
    // 90 days before 2026-11-10 is 2026-08-12: July is wholly older, August is not.
    const plan = planHistoryPartitions(existing, at('2026-11-10T00:00:00Z'), { retentionDays: 90, monthsAhead: 0 });
    expect(plan.drop.map((p) => p.name)).toEqual(tables.map((t) => `${t}_2026_07`));
  });
});
