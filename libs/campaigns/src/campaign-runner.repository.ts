import { Injectable } from '@nestjs/common';
import { type CallEvent, type Campaign, type Prisma, PrismaService } from '@app/db';
import { CallAdmission, callStatusFromApi, LIVE_STATUSES_SQL, type ApiCallStatus } from '@app/calls';
import { appendCampaignEvent } from './campaign-events';
import {
  afterAttempt,
  outcomeOfCall,
  windowOpen,
  type CallingWindow,
  type RecipientOutcome,
  type RecipientRetry,
} from './campaign-rules';

type Tx = Prisma.TransactionClient;
type Row = Campaign & { status: string };

/**
 * One pass of a campaign, in one transaction holding the campaign's row lock (SKIP LOCKED: a
 * second engine passes over it), so two engines never dial for one campaign at once. Everything
 * is read from rows: a killed engine's successor settles and dials exactly as it would have.
 */
@Injectable()
export class CampaignRunnerRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly admission: CallAdmission,
  ) {}

  /** Every campaign a pass may have work for (none may starve): live ones, cancelled ones with calls settling. */
  async active(): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Campaign" c
      WHERE status IN ('scheduled', 'running', 'paused')
         OR (status = 'cancelled' AND EXISTS (
               SELECT 1 FROM "CampaignRecipient" r WHERE r."campaignId" = c.id AND r.outcome = 'calling'))
      ORDER BY id`;
    return rows.map((r) => r.id);
  }

  /**
   * Settles ended calls, starts the campaign when due, dials what the budget allows; answers the new
   * call ids and the campaign events written (both for the caller to hand over after the commit).
   */
  step(campaignId: string, now: Date): Promise<{ callIds: string[]; events: CallEvent[]; status: string } | null> {
    return this.prisma.$transaction(
      async (tx) => {
        const [campaign] = await tx.$queryRaw<
          Row[]
        >`SELECT * FROM "Campaign" WHERE id = ${campaignId} FOR UPDATE SKIP LOCKED`;
        if (!campaign) return null;
        await this.settle(tx, campaign, now);
        let status = campaign.status;
        const events: CallEvent[] = [];
        if (status === 'scheduled' && (!campaign.startAt || campaign.startAt <= now)) {
          status = 'running';
          await tx.campaign.update({ where: { id: campaign.id }, data: { status: 'running', startedAt: now } });
          events.push(await appendCampaignEvent(tx, campaign, 'campaign.started', status, now));
        }
        const callIds = status === 'running' ? await this.dial(tx, campaign, now) : [];
        if (status === 'running' && (await this.finished(tx, campaign.id))) {
          status = 'completed';
          await tx.campaign.update({ where: { id: campaign.id }, data: { status: 'completed', endedAt: now } });
          events.push(await appendCampaignEvent(tx, campaign, 'campaign.completed', status, now));
        }
        return { callIds, events, status };
      },
      { timeout: 30_000 },
    );
  }

  /** Recipients whose call ended get its outcome, or wait for their retry. */
  private async settle(tx: Tx, campaign: Row, now: Date): Promise<void> {
    const ended = await tx.$queryRaw<
      { id: string; attempts: number; status: string; endedReason: string | null; endedAt: Date | null }[]
    >`
      SELECT r.id, r.attempts, call.status::text AS status, call."endedReason", call."endedAt"
      FROM "CampaignRecipient" r JOIN "Call" call ON call.id = r."lastCallId"
      WHERE r."campaignId" = ${campaign.id} AND r.outcome = 'calling' AND call.status NOT IN ${LIVE_STATUSES_SQL}`;
    for (const recipient of ended) {
      const outcome = outcomeOfCall(callStatusFromApi(recipient.status as ApiCallStatus), recipient.endedReason);
      const retry = campaign.status === 'cancelled' ? null : (campaign.retry as RecipientRetry | null);
      // the delay counts from the call's end: `now` is the pass's start, and the call may have ended since
      const next = afterAttempt(outcome, recipient.attempts, retry, recipient.endedAt ?? now);
      await tx.campaignRecipient.update({ where: { id: recipient.id }, data: next });
    }
  }

  /**
   * Dials due recipients within the campaign's own budget (its maxConcurrency, callsPerMinute and
   * the calling window in each recipient's time zone); each call goes through the one admission
   * writer (CallAdmission), which holds the workspace row lock until this pass commits and refuses
   * past the workspace's limit less its inbound reserve, or a number on the do-not-call list (the
   * recipient then ends as `dnc`), checked at the moment of dialling.
   */
  private async dial(tx: Tx, campaign: Row, now: Date): Promise<string[]> {
    const [load] = await tx.$queryRaw<{ campaign: number; recent: number }[]>`
      SELECT count(*) FILTER (WHERE status IN ${LIVE_STATUSES_SQL})::int AS campaign,
             count(*) FILTER (WHERE "createdAt" > ${new Date(now.getTime() - 60_000)})::int AS recent
      FROM "Call" WHERE "campaignId" = ${campaign.id}`;
    const budget = Math.min(
      campaign.maxConcurrency - load.campaign,
      campaign.callsPerMinute === null ? Infinity : campaign.callsPerMinute - load.recent,
    );
    if (budget <= 0) return [];
    const due = await tx.campaignRecipient.findMany({
      where: {
        campaignId: campaign.id,
        outcome: 'pending',
        OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }],
      },
      orderBy: [{ nextAttemptAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      take: Math.max(budget * 4, 100),
    });
    const open = due.filter((r) =>
      windowOpen(campaign.window as CallingWindow | null, r.timezone ?? campaign.timezone, now),
    );
    const chosen = open.slice(0, budget);
    if (chosen.length === 0) return [];
    const assistant = await tx.assistant.findUniqueOrThrow({
      where: { id: campaign.assistantId },
      select: { language: true },
    });
    const callIds: string[] = [];
    for (const recipient of chosen) {
      const admitted = await this.admission.admit(
        {
          source: 'campaign',
          workspaceId: campaign.workspaceId,
          assistantId: campaign.assistantId,
          language: assistant.language,
          to: recipient.to,
          from: campaign.from,
          numberId: campaign.numberId,
          campaignId: campaign.id,
          metadata: recipient.metadata,
          at: now,
        },
        tx,
      );
      if (admitted.kind === 'do-not-call') {
        await this.finish(tx, recipient.id, 'dnc');
        continue;
      }
      // The workspace is full (or the assistant went away): the rest wait for the next pass.
      if (admitted.kind !== 'created') break;
      await tx.campaignRecipient.update({
        where: { id: recipient.id },
        data: {
          outcome: 'calling',
          attempts: { increment: 1 },
          callIds: { push: admitted.callId },
          lastCallId: admitted.callId,
          nextAttemptAt: null,
        },
      });
      callIds.push(admitted.callId);
    }
    return callIds;
  }

  private finish(tx: Tx, recipientId: string, outcome: RecipientOutcome) {
    return tx.campaignRecipient.update({ where: { id: recipientId }, data: { outcome, nextAttemptAt: null } });
  }

  private async finished(tx: Tx, campaignId: string): Promise<boolean> {
    const open = await tx.campaignRecipient.count({ where: { campaignId, outcome: { in: ['pending', 'calling'] } } });
    return open === 0;
  }
}
