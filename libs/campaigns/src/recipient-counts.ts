import type { Prisma } from '@app/db';
import { RECIPIENT_OUTCOMES, type RecipientOutcome } from './campaign-rules';

export type OutcomeCounts = Record<RecipientOutcome, number>;

/** Recipients per outcome of each campaign, every outcome present (0 when none). */
export async function countOutcomes(
  db: Prisma.TransactionClient,
  campaignIds: string[],
): Promise<Map<string, OutcomeCounts>> {
  const rows = await db.campaignRecipient.groupBy({
    by: ['campaignId', 'outcome'],
    where: { campaignId: { in: campaignIds } },
    _count: true,
  });
  const zero = () => Object.fromEntries(RECIPIENT_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;
  const counts = new Map(campaignIds.map((id) => [id, zero()]));
  for (const r of rows) counts.get(r.campaignId)![r.outcome as RecipientOutcome] = r._count;
  return counts;
}
