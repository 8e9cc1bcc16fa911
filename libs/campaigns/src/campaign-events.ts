import { newId } from '@app/platform';
import type { CallEvent, Prisma } from '@app/db';
import type { CampaignEventData, CampaignEventName } from '@app/calls';
import { RECIPIENT_OUTCOMES } from './campaign-rules';

/**
 * Appends a campaign event to the outbox (CallEvent with no call), in the caller's transaction,
 * numbered per campaign. The caller holds the campaign's row lock, so numbers never collide.
 */
export async function appendCampaignEvent(
  tx: Prisma.TransactionClient,
  campaign: { id: string; workspaceId: string; name: string },
  type: CampaignEventName,
  status: string,
  at: Date,
  extra: { resumed?: boolean } = {},
): Promise<CallEvent> {
  const { eventCount: sequence } = await tx.campaign.update({
    where: { id: campaign.id },
    data: { eventCount: { increment: 1 } },
    select: { eventCount: true },
  });
  const grouped = await tx.campaignRecipient.groupBy({
    by: ['outcome'],
    where: { campaignId: campaign.id },
    _count: true,
  });
  const counts = Object.fromEntries(RECIPIENT_OUTCOMES.map((o) => [o, 0]));
  for (const g of grouped) counts[g.outcome] = g._count;
  const data: CampaignEventData = {
    campaignId: campaign.id,
    name: campaign.name,
    status,
    ...extra,
    counts,
    sequence,
  };
  return tx.callEvent.create({
    data: {
      id: newId('event'),
      workspaceId: campaign.workspaceId,
      type,
      sequence,
      occurredAt: at,
      data: data as object,
    },
  });
}
