import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { z } from 'zod';
import { Prisma, PrismaService, utcTimestamp } from '@app/db';
import { contract, QueryInt, timestamp } from '@app/platform';
import { CALL_STATUSES, type ApiCallStatus } from '../call-status';
import { CallsRepository } from '../calls.repository';
import { WEBHOOK_TEST_EVENT } from '../events/event-data';

export const OVERVIEW_DEFAULT_DAYS = 14;
export const OVERVIEW_MAX_DAYS = 90;

/** Query of GET /api/core/voice/overview. */
export class OverviewQuery {
  @ApiPropertyOptional({
    description: 'UTC calendar days to cover, ending today',
    minimum: 1,
    maximum: OVERVIEW_MAX_DAYS,
    default: OVERVIEW_DEFAULT_DAYS,
  })
  @QueryInt(1, OVERVIEW_MAX_DAYS)
  days?: number;
}

const countsByStatus = z
  .object(Object.fromEntries(CALL_STATUSES.map((s) => [s, z.number().int()])) as Record<ApiCallStatus, z.ZodNumber>)
  .describe('Calls by their status now');

export const Overview = contract(
  'Overview',
  z.object({
    from: timestamp().describe('Start of the first day covered (00:00 UTC)'),
    to: timestamp().describe('End of the last day covered (exclusive: 00:00 UTC tomorrow)'),
    calls: z.object({
      total: z.number().int().describe('Calls created in the window'),
      byStatus: countsByStatus,
      answered: z.number().int().describe('Calls that connected'),
      answerRate: z
        .number()
        .nullable()
        .describe('answered ÷ calls past ringing (0–1, 3 decimals); null when none is past ringing'),
    }),
    perDay: z
      .array(
        z.object({
          date: z.string().meta({ example: '2026-11-24' }),
          total: z.number().int(),
          byStatus: countsByStatus,
        }),
      )
      .describe('Every day of the window, oldest first, days without calls included'),
    durationSec: z
      .object({
        average: z.number().nullable().describe('Mean of the ended calls that connected (1 decimal)'),
        p95: z.number().int().nullable().describe('95th percentile (nearest rank)'),
      })
      .describe('Of calls that connected and ended; null without any'),
    voiceToVoiceMs: z
      .object({
        turns: z.number().int().describe('Assistant turns with a measured latency'),
        p50: z.number().int().nullable(),
        p95: z.number().int().nullable(),
      })
      .describe("From the caller's end of speech to the assistant's first sound, per answer (SIP and web calls)"),
    deliveries: z.object({ failed: z.number().int().describe('Webhook deliveries created in the window that failed') }),
    live: z.object({
      calls: z.number().int().describe('Calls ringing or in progress now'),
      limit: z.number().int().describe("The workspace's live-call limit"),
    }),
  }),
);
export type Overview = z.infer<typeof Overview>;

const DAY_MS = 86_400_000;

/**
 * How a workspace's calls go over a window of UTC days, computed from the rows. Each figure is one
 * index-backed aggregate: calls by (workspaceId, createdAt) with status, duration and connect
 * time (Call_overview_idx), failed deliveries by a partial index, latencies from the transcripts of
 * the window's calls.
 */
@Injectable()
export class CallOverviewRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly calls: CallsRepository,
  ) {}

  async of(workspaceId: string, days = OVERVIEW_DEFAULT_DAYS, now = new Date()): Promise<Overview> {
    const to = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
    const from = new Date(to.getTime() - days * DAY_MS);
    const createdIn = (column: string) =>
      Prisma.sql`${Prisma.raw(column)} >= ${utcTimestamp(from)} AND ${Prisma.raw(column)} < ${utcTimestamp(to)}`;
    const window = Prisma.sql`"workspaceId" = ${workspaceId} AND ${createdIn('"createdAt"')}`;
    const [daily, durations, latencies, deliveries, concurrency] = await Promise.all([
      this.prisma.$queryRaw<{ day: string; status: ApiCallStatus; calls: number; answered: number }[]>`
        SELECT to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS day, status::text AS status,
               count(*)::int AS calls, count("connectedAt")::int AS answered
        FROM "Call"
        WHERE ${window}
        GROUP BY 1, 2`,
      this.prisma.$queryRaw<{ average: number | null; p95: number | null }[]>`
        SELECT round(avg("durationSec"), 1)::float8 AS average,
               percentile_disc(0.95) WITHIN GROUP (ORDER BY "durationSec") AS p95
        FROM "Call"
        WHERE ${window} AND "connectedAt" IS NOT NULL AND "durationSec" IS NOT NULL`,
      this.prisma.$queryRaw<{ turns: number; p50: number | null; p95: number | null }[]>`
        SELECT count(*)::int AS turns,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY latency) AS p50,
               percentile_disc(0.95) WITHIN GROUP (ORDER BY latency) AS p95
        FROM (
          SELECT (turn->>'latencyMs')::int AS latency
          FROM "Call" c JOIN "Transcript" t ON t."callId" = c.id
          CROSS JOIN LATERAL jsonb_array_elements(t.turns) AS turn
          WHERE c."workspaceId" = ${workspaceId} AND ${createdIn('c."createdAt"')}
            AND turn->>'role' = 'assistant' AND jsonb_typeof(turn->'latencyMs') = 'number'
        ) measured`,
      this.prisma.$queryRaw<{ failed: number }[]>`
        SELECT count(*)::int AS failed FROM "WebhookDelivery"
        WHERE ${window} AND status = 'failed' AND event <> ${WEBHOOK_TEST_EVENT}`,
      this.calls.concurrency(workspaceId),
    ]);
    const empty = () => Object.fromEntries(CALL_STATUSES.map((s) => [s, 0])) as Record<ApiCallStatus, number>;
    const perDay = Array.from({ length: days }, (_, n) => ({
      date: new Date(from.getTime() + n * DAY_MS).toISOString().slice(0, 10),
      total: 0,
      byStatus: empty(),
    }));
    const byDate = new Map(perDay.map((d) => [d.date, d]));
    const byStatus = empty();
    let answered = 0;
    for (const row of daily) {
      const day = byDate.get(row.day);
      if (day) {
        day.total += row.calls;
        day.byStatus[row.status] += row.calls;
      }
      byStatus[row.status] += row.calls;
      answered += row.answered;
    }
    const total = perDay.reduce((sum, d) => sum + d.total, 0);
    const pastRinging = total - byStatus.ringing;
    const [duration] = durations;
    const [latency] = latencies;
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      calls: {
        total,
        byStatus,
        answered,
        answerRate: pastRinging > 0 ? Math.round((answered / pastRinging) * 1000) / 1000 : null,
      },
      perDay,
      durationSec: { average: duration.average, p95: duration.p95 },
      voiceToVoiceMs: { turns: latency.turns, p50: latency.p50, p95: latency.p95 },
      deliveries: { failed: deliveries[0].failed },
      live: { calls: concurrency.live, limit: concurrency.limit },
    };
  }
}
