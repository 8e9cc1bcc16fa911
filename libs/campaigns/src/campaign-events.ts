import { newId } from '@app/platform';
import type { CallEvent, Prisma } from '@app/db';
import type { CampaignEventData, CampaignEventName } from '@app/calls';
import { countOutcomes } from './recipient-counts';

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
  const counts = (await countOutcomes(tx, [campaign.id])).get(campaign.id)!;
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
