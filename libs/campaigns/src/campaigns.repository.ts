import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type Campaign, type Prisma, PrismaService } from '@app/db';
import { appendCampaignEvent } from './campaign-events';
import { countOutcomes } from './recipient-counts';
import type { CallingWindow, RecipientInput, RecipientRetry } from './campaign-rules';

export interface CampaignInput {
  name: string;
  assistantId: string;
  from: string | null;
  numberId: string | null;
  timezone: string;
  startAt: Date | null;
  window: CallingWindow | null;
  maxConcurrency: number;
  callsPerMinute: number | null;
  retry: RecipientRetry | null;
}

type Tx = Prisma.TransactionClient;
/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const CHUNK = 2000;
const FINISHED = ['completed', 'cancelled'];

/** Campaigns and their recipients, as the gateway reads and changes them. */
@Injectable()
export class CampaignsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The campaign and every recipient, in one transaction; null when the assistant is not the workspace's. */
  create(workspaceId: string, input: CampaignInput, recipients: RecipientInput[]): Promise<Campaign | null> {
    return this.prisma.$transaction(
      async (tx) => {
        const assistant = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM "Assistant"
          WHERE id = ${input.assistantId} AND "workspaceId" = ${workspaceId} AND "deletedAt" IS NULL FOR SHARE`;
        if (assistant.length === 0) return null;
        const campaign = await tx.campaign.create({
          data: {
            ...input,
            id: newId('campaign'),
            workspaceId,
            window: (input.window as object | null) ?? undefined,
            retry: (input.retry as object | null) ?? undefined,
          },
        });
        await this.insertRecipients(tx, campaign.id, recipients);
        return campaign;
      },
      { timeout: 30_000 },
    );
  }

  /** Adds recipients to a campaign that is not finished; numbers it has already count as duplicates. */
  addRecipients(workspaceId: string, campaignId: string, recipients: RecipientInput[]) {
    return this.prisma.$transaction(
      async (tx) => {
        const [campaign] = await tx.$queryRaw<{ status: string }[]>`
          SELECT status FROM "Campaign" WHERE id = ${campaignId} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
        if (!campaign) return 'not-found' as const;
        if (FINISHED.includes(campaign.status)) return 'finished' as const;
        const present = await tx.campaignRecipient.findMany({
          where: { campaignId, to: { in: recipients.map((r) => r.to) } },
          select: { to: true },
        });
        const known = new Set(present.map((p) => p.to));
        const fresh = recipients.filter((r) => !known.has(r.to));
        await this.insertRecipients(tx, campaignId, fresh);
        return { added: fresh.length, duplicates: [...known] };
      },
      { timeout: 30_000 },
    );
  }

  find(workspaceId: string, id: string) {
    return this.prisma.campaign.findFirst({ where: { workspaceId, id } });
  }

  async list(workspaceId: string, skip: number, take: number) {
    const where = { workspaceId };
    const [total, list] = await Promise.all([
      this.prisma.campaign.count({ where }),
      this.prisma.campaign.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  /** Recipients per outcome of each campaign. */
  counts(campaignIds: string[]) {
    return countOutcomes(this.prisma, campaignIds);
  }

  async recipients(campaignId: string, outcome: string | undefined, skip: number, take: number) {
    const where = { campaignId, outcome };
    const [total, list] = await Promise.all([
      this.prisma.campaignRecipient.count({ where }),
      this.prisma.campaignRecipient.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip, take }),
    ]);
    return { total, list };
  }

  /**
   * Moves the campaign from one of `from` to `to` (guarded, like a call's status); cancelling also
   * marks every recipient not dialled yet as cancelled. Null when the campaign was not in `from`.
   */
  async move(workspaceId: string, id: string, from: string[], to: 'paused' | 'running' | 'cancelled') {
    return this.prisma.$transaction(async (tx) => {
      // The row lock orders this against the engine's pass (and numbers the campaign's events).
      const [locked] = await tx.$queryRaw<Campaign[]>`
        SELECT * FROM "Campaign" WHERE id = ${id} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
      if (!locked || !from.includes(locked.status)) return null;
      const now = new Date();
      const ended = to === 'cancelled' ? { endedAt: now } : {};
      // A campaign resumed before its start time waits for it again.
      const target = to === 'running' && locked.startAt && locked.startAt > now ? 'scheduled' : to;
      await tx.campaign.update({ where: { id }, data: { status: target, ...ended } });
      if (to === 'cancelled') {
        await tx.campaignRecipient.updateMany({
          where: { campaignId: id, outcome: 'pending' },
          data: { outcome: 'cancelled', nextAttemptAt: null },
        });
      }
      const event =
        target === 'scheduled'
          ? null
          : to === 'paused'
            ? await appendCampaignEvent(tx, locked, 'campaign.paused', to, now)
            : to === 'running'
              ? await appendCampaignEvent(tx, locked, 'campaign.started', to, now, { resumed: true })
              : await appendCampaignEvent(tx, locked, 'campaign.completed', to, now);
      return { campaign: await tx.campaign.findUniqueOrThrow({ where: { id } }), event };
    });
  }

  private async insertRecipients(tx: Tx, campaignId: string, recipients: RecipientInput[]) {
    for (let i = 0; i < recipients.length; i += CHUNK) {
      await tx.campaignRecipient.createMany({
        data: recipients.slice(i, i + CHUNK).map((r) => ({
          id: newId('recipient'),
          campaignId,
          to: r.to,
          timezone: r.timezone,
          metadata: (r.metadata as object | null) ?? undefined,
        })),
      });
    }
  }
}
