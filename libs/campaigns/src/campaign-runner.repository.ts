import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type CallEvent, type Campaign, type Prisma, PrismaService } from '@app/db';
import { callEventData, callStatusFromApi, LIVE_STATUSES_SQL, type ApiCallStatus } from '@app/calls';
import { appendCampaignEvent } from './campaign-events';
import {
  afterAttempt,
  outcomeOfCall,
  windowOpen,
  type CallingWindow,
  type RecipientOutcome,
  type RetryPolicy,
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
  constructor(private readonly prisma: PrismaService) {}

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
        const [c] = await tx.$queryRaw<Row[]>`SELECT * FROM "Campaign" WHERE id = ${campaignId} FOR UPDATE SKIP LOCKED`;
        if (!c) return null;
        await this.settle(tx, c, now);
        let status = c.status;
        const events: CallEvent[] = [];
        if (status === 'scheduled' && (!c.startAt || c.startAt <= now)) {
          status = 'running';
          await tx.campaign.update({ where: { id: c.id }, data: { status: 'running', startedAt: now } });
          events.push(await appendCampaignEvent(tx, c, 'campaign.started', status, now));
        }
        const callIds = status === 'running' ? await this.dial(tx, c, now) : [];
        if (status === 'running' && (await this.finished(tx, c.id))) {
          status = 'completed';
          await tx.campaign.update({ where: { id: c.id }, data: { status: 'completed', endedAt: now } });
          events.push(await appendCampaignEvent(tx, c, 'campaign.completed', status, now));
        }
        return { callIds, events, status };
      },
      { timeout: 30_000 },
    );
  }

  /** Recipients whose call ended get its outcome, or wait for their retry. */
  private async settle(tx: Tx, c: Row, now: Date): Promise<void> {
    const ended = await tx.$queryRaw<{ id: string; attempts: number; status: string; endedReason: string | null }[]>`
      SELECT r.id, r.attempts, call.status::text AS status, call."endedReason"
      FROM "CampaignRecipient" r JOIN "Call" call ON call.id = r."lastCallId"
      WHERE r."campaignId" = ${c.id} AND r.outcome = 'calling' AND call.status NOT IN ${LIVE_STATUSES_SQL}`;
    for (const r of ended) {
      const outcome = outcomeOfCall(callStatusFromApi(r.status as ApiCallStatus), r.endedReason);
      const retry = c.status === 'cancelled' ? null : (c.retry as RetryPolicy | null);
      const next = afterAttempt(outcome, r.attempts, retry, now);
      await tx.campaignRecipient.update({ where: { id: r.id }, data: next });
    }
  }

  /**
   * Dials due recipients within the budget: the campaign's maxConcurrency, the workspace's limit
   * less its inbound reserve (the workspace row is locked, as start-call does, so the two never
   * overshoot together), callsPerMinute, and the calling window in each recipient's time zone.
   * Numbers on the do-not-call list end as `dnc` instead, checked at the moment of dialling.
   */
  private async dial(tx: Tx, c: Row, now: Date): Promise<string[]> {
    const [ws] = await tx.$queryRaw<{ limit: number; reserve: number }[]>`
      SELECT "liveCallLimit" AS limit, "reservedForInbound" AS reserve FROM "Workspace"
      WHERE id = ${c.workspaceId} FOR UPDATE`;
    const [load] = await tx.$queryRaw<{ workspace: number; campaign: number; recent: number }[]>`
      SELECT count(*) FILTER (WHERE status IN ${LIVE_STATUSES_SQL})::int AS workspace,
             count(*) FILTER (WHERE status IN ${LIVE_STATUSES_SQL} AND "campaignId" = ${c.id})::int AS campaign,
             count(*) FILTER (WHERE "campaignId" = ${c.id} AND "createdAt" > ${new Date(now.getTime() - 60_000)})::int
               AS recent
      FROM "Call" WHERE "workspaceId" = ${c.workspaceId}
        AND (status IN ${LIVE_STATUSES_SQL} OR "campaignId" = ${c.id})`;
    const budget = Math.min(
      c.maxConcurrency - load.campaign,
      ws.limit - ws.reserve - load.workspace,
      c.callsPerMinute === null ? Infinity : c.callsPerMinute - load.recent,
    );
    if (budget <= 0) return [];
    const due = await tx.campaignRecipient.findMany({
      where: { campaignId: c.id, outcome: 'pending', OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
      orderBy: [{ nextAttemptAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      take: Math.max(budget * 4, 100),
    });
    const open = due.filter((r) => windowOpen(c.window as CallingWindow | null, r.timezone ?? c.timezone, now));
    const chosen = open.slice(0, budget);
    if (chosen.length === 0) return [];
    const listed = new Set(
      (
        await tx.dncEntry.findMany({
          where: { workspaceId: c.workspaceId, number: { in: chosen.map((r) => r.to) } },
          select: { number: true },
        })
      ).map((d) => d.number),
    );
    const assistant = await tx.assistant.findUniqueOrThrow({
      where: { id: c.assistantId },
      select: { language: true },
    });
    const callIds: string[] = [];
    for (const r of chosen) {
      if (listed.has(r.to)) {
        await this.finish(tx, r.id, 'dnc');
        continue;
      }
      const callId = await this.insertCall(tx, c, r, assistant.language, now);
      await tx.campaignRecipient.update({
        where: { id: r.id },
        data: {
          outcome: 'calling',
          attempts: { increment: 1 },
          callIds: { push: callId },
          lastCallId: callId,
          nextAttemptAt: null,
        },
      });
      callIds.push(callId);
    }
    return callIds;
  }

  /** The ringing call and its call.started (the outbox row the engine publishes), as start-call writes them. */
  private async insertCall(
    tx: Tx,
    c: Row,
    r: { to: string; metadata: unknown },
    language: string,
    now: Date,
  ): Promise<string> {
    const call = {
      id: newId('call'),
      assistantId: c.assistantId,
      metadata: r.metadata ?? null,
      direction: 'outbound' as const,
      from: c.from,
      to: r.to,
      campaignId: c.id,
    };
    await tx.call.create({
      data: {
        id: call.id,
        workspaceId: c.workspaceId,
        assistantId: c.assistantId,
        to: r.to,
        from: c.from,
        numberId: c.numberId,
        campaignId: c.id,
        language,
        metadata: (r.metadata as object | null) ?? undefined,
        eventCount: 1,
        createdAt: now,
      },
    });
    await tx.callEvent.create({
      data: {
        id: newId('event'),
        workspaceId: c.workspaceId,
        callId: call.id,
        type: 'call.started',
        sequence: 1,
        occurredAt: now,
        data: callEventData<'call.started'>(call, { language }, 1) as object,
      },
    });
    return call.id;
  }

  private finish(tx: Tx, recipientId: string, outcome: RecipientOutcome) {
    return tx.campaignRecipient.update({ where: { id: recipientId }, data: { outcome, nextAttemptAt: null } });
  }

  private async finished(tx: Tx, campaignId: string): Promise<boolean> {
    const open = await tx.campaignRecipient.count({ where: { campaignId, outcome: { in: ['pending', 'calling'] } } });
    return open === 0;
  }
}
