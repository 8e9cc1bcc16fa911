import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type Call, isUniqueViolation, type Prisma, PrismaService } from '@app/db';
import { presentStartedCall, type StartedCall } from './call.contract';
import { LIVE_STATUSES, LIVE_STATUSES_SQL, callStatusFromApi, type ApiCallStatus } from './call-status';
import { callEventData } from './events/event-data';
import { IDEMPOTENCY_TTL_MS } from './idempotency';

const START_CALL_SCOPE = 'POST /voice/agent/call';

export interface StartCallInput {
  workspaceId: string;
  assistantId: string;
  to: string;
  /** Caller ID: the workspace's number the call goes out from; absent, its default number (if any). */
  from?: { number: string; numberId: string };
  metadata: Record<string, unknown> | null;
  requestId?: string;
  idempotency?: { key: string; requestHash: string };
}

export type StartCallResult =
  | { kind: 'created'; callId: string; response: StartedCall }
  | { kind: 'replayed'; status: number; response: object }
  | { kind: 'idempotency-conflict' }
  | { kind: 'assistant-not-found' }
  | { kind: 'do-not-call' }
  | { kind: 'limit-reached'; limit: number; live: number };

export interface CallFilter {
  status?: ApiCallStatus;
  assistantId?: string;
  direction?: 'outbound' | 'inbound';
  from?: string;
  to?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

@Injectable()
export class CallsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One statement, so atomic and one round trip. start_call_gate (see its migration) locks the
   * workspace row, so start-calls of a workspace take turns, and then counts the live call rows
   * and checks the do-not-call list with a fresh snapshot: the limit cannot be raced and no counter
   * exists that a crash could leak. Only below the limit and for a number not listed does the
   * statement write the ringing Call, its call.started CallEvent (the outbox row the engine
   * publishes) and, with an Idempotency-Key, the stored response. The assistant row is
   * share-locked so it cannot be deleted while a call is being placed on it; an assistant deleted
   * since it was read inserts nothing. The call speaks the assistant's language as read just before.
   */
  async start(input: StartCallInput): Promise<StartCallResult> {
    const { workspaceId, idempotency } = input;
    if (idempotency) {
      const previous = await this.findIdempotencyRecord(workspaceId, idempotency.key);
      if (previous) return this.replayOrConflict(previous, idempotency.requestHash);
      await this.prisma.idempotencyRecord.deleteMany({
        where: { workspaceId, scope: START_CALL_SCOPE, key: idempotency.key, expiresAt: { lte: new Date() } },
      });
    }
    // The default caller ID comes with the assistant's language, in the same read.
    const assistant = await this.prisma.assistant.findFirst({
      where: { id: input.assistantId, workspaceId, deletedAt: null },
      select: { language: true, workspace: { select: { defaultNumber: { select: { id: true, number: true } } } } },
    });
    if (!assistant) return { kind: 'assistant-not-found' };
    const defaultNumber = assistant.workspace.defaultNumber;
    const from = input.from?.number ?? defaultNumber?.number ?? null;
    const numberId = input.from?.numberId ?? defaultNumber?.id ?? null;
    const call = { id: newId('call'), assistantId: input.assistantId, metadata: input.metadata };
    const { language } = assistant;
    const response = presentStartedCall({ id: call.id, language });
    const ends = { direction: 'outbound' as const, from, to: input.to };
    const started = callEventData<'call.started'>({ ...call, ...ends }, { language }, 1);
    const at = new Date().toISOString();
    const expiresAt = new Date(Date.parse(at) + IDEMPOTENCY_TTL_MS).toISOString();
    const metadata = input.metadata === null ? null : JSON.stringify(input.metadata);
    try {
      const [row] = await this.prisma.$queryRaw<{ id: string | null; live: number; limit: number; listed: boolean }[]>`
        WITH gate AS (
          SELECT * FROM "start_call_gate"(${workspaceId}, ${input.to})
        ), assistant AS (
          SELECT id FROM "Assistant"
          WHERE id = ${input.assistantId} AND "workspaceId" = ${workspaceId} AND "deletedAt" IS NULL
            AND (SELECT live < call_limit AND NOT listed FROM gate)
          FOR SHARE
        ), call AS (
          INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", "from", "numberId", language, metadata,
                              "requestId", "eventCount", "createdAt", "updatedAt")
          SELECT ${call.id}, ${workspaceId}, assistant.id, ${input.to}, ${from}, ${numberId}, ${language},
                 ${metadata}::jsonb,
                 ${input.requestId ?? null}, 1, ${at}::timestamptz AT TIME ZONE 'UTC',
                 ${at}::timestamptz AT TIME ZONE 'UTC'
          FROM assistant
          RETURNING id
        ), event AS (
          INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data, "occurredAt")
          SELECT ${newId('event')}, ${workspaceId}, call.id, 'call.started', 1, ${JSON.stringify(started)}::jsonb,
                 ${at}::timestamptz AT TIME ZONE 'UTC'
          FROM call
        ), idempotency AS (
          INSERT INTO "IdempotencyRecord" (id, "workspaceId", scope, key, "requestHash", "responseStatus",
                                           "responseBody", "createdAt", "expiresAt")
          SELECT ${newId('idempotency')}, ${workspaceId}, ${START_CALL_SCOPE}, ${idempotency?.key ?? ''},
                 ${idempotency?.requestHash ?? ''}, 201, ${JSON.stringify(response)}::jsonb,
                 ${at}::timestamptz AT TIME ZONE 'UTC', ${expiresAt}::timestamptz AT TIME ZONE 'UTC'
          FROM call WHERE ${idempotency !== undefined}
        )
        SELECT (SELECT id FROM call) AS id, live, call_limit AS limit, listed FROM gate`;
      if (row.id) return { kind: 'created', callId: call.id, response };
      if (row.listed) return { kind: 'do-not-call' };
      if (row.live >= row.limit) return { kind: 'limit-reached', limit: row.limit, live: row.live };
      return { kind: 'assistant-not-found' };
    } catch (e) {
      // A concurrent request with the same key committed first: answer as it did.
      if (idempotency && isUniqueViolation(e)) {
        const previous = await this.findIdempotencyRecord(workspaceId, idempotency.key);
        if (previous) return this.replayOrConflict(previous, idempotency.requestHash);
      }
      throw e;
    }
  }

  /**
   * A call the carrier announced to one of the workspace's numbers: ringing, its assistant not
   * chosen yet (the engine chooses it, then writes call.started). The language is a placeholder
   * until then: the number's assistant's, else English.
   */
  async receive(input: { workspaceId: string; numberId: string; from: string; to: string; requestId?: string }) {
    const fallback = await this.prisma.phoneNumber.findUnique({
      where: { id: input.numberId },
      select: { assistant: { select: { language: true } } },
    });
    return this.prisma.call.create({
      data: {
        id: newId('call'),
        workspaceId: input.workspaceId,
        direction: 'inbound',
        numberId: input.numberId,
        from: input.from,
        to: input.to,
        language: fallback?.assistant?.language ?? 'en',
        requestId: input.requestId ?? null,
      },
    });
  }

  /** The live-call limit and the live calls, counted from the rows (README "Concurrency"). */
  async concurrency(workspaceId: string) {
    const [row] = await this.prisma.$queryRaw<{ limit: number; live: number; reservedForInbound: number }[]>`
      SELECT w."liveCallLimit" AS limit, w."reservedForInbound" AS "reservedForInbound",
             (SELECT count(*)::int FROM "Call" c
              WHERE c."workspaceId" = w.id AND c.status IN ${LIVE_STATUSES_SQL}) AS live
      FROM "Workspace" w WHERE w.id = ${workspaceId}`;
    return row;
  }

  find(workspaceId: string, id: string) {
    return this.prisma.call.findFirst({ where: { workspaceId, id } });
  }

  async list(workspaceId: string, filter: CallFilter, skip: number, take: number) {
    const where: Prisma.CallWhereInput = {
      workspaceId,
      status: filter.status ? callStatusFromApi(filter.status) : undefined,
      assistantId: filter.assistantId,
      direction: filter.direction,
      from: filter.from,
      to: filter.to,
      createdAt:
        filter.createdAfter || filter.createdBefore
          ? { gte: filter.createdAfter, lt: filter.createdBefore }
          : undefined,
    };
    // The tallies count by status and assistant; any other filter counts the matching rows.
    const counted = filter.createdAfter || filter.createdBefore || filter.direction || filter.from || filter.to;
    const [total, list] = await Promise.all([
      counted ? this.prisma.call.count({ where }) : this.tally(workspaceId, filter),
      this.prisma.call.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  /** The exact number of calls by workspace, status and assistant, from the running tallies. */
  private async tally(workspaceId: string, filter: CallFilter): Promise<number> {
    const { _sum } = await this.prisma.callTally.aggregate({
      where: {
        workspaceId,
        status: filter.status ? callStatusFromApi(filter.status) : undefined,
        assistantId: filter.assistantId,
      },
      _sum: { delta: true },
    });
    return _sum.delta ?? 0;
  }

  /**
   * Folds up to `batch` of the oldest tally rows into one row per (workspace, assistant, status).
   * Sums are additive, so folding part of the rows is as right as folding all; one statement, so a
   * concurrent reader sums either the rows before or the rows after.
   */
  async foldTallies(batch = 10_000, maxBatches = 50): Promise<void> {
    for (let i = 0; i < maxBatches; i++) {
      const folded = await this.foldBatch(batch);
      if (folded < batch) return;
    }
  }

  /** Returns how many rows the batch folded. */
  private async foldBatch(batch: number): Promise<number> {
    const [{ n }] = await this.prisma.$queryRaw<{ n: number }[]>`
      WITH folded AS (
        DELETE FROM "CallTally" WHERE id IN (SELECT id FROM "CallTally" ORDER BY id LIMIT ${batch})
        RETURNING "workspaceId", "assistantId", "status", "delta"
      ), kept AS (
        INSERT INTO "CallTally" ("workspaceId", "assistantId", "status", "delta")
        SELECT "workspaceId", "assistantId", "status", sum("delta")::int
        FROM folded GROUP BY 1, 2, 3 HAVING sum("delta") <> 0
      )
      SELECT count(*)::int AS n FROM folded`;
    return n;
  }

  /**
   * Records a client's hang-up request on a live call (the engine acts on it and its reconciler
   * finds it again if the job is lost). Null when the call is not live any more.
   */
  async requestEnd(workspaceId: string, id: string): Promise<Call | null> {
    const { count } = await this.prisma.call.updateMany({
      where: { workspaceId, id, status: { in: LIVE_STATUSES } },
      data: { endRequestedAt: new Date() },
    });
    return count === 0 ? null : this.find(workspaceId, id);
  }

  private findIdempotencyRecord(workspaceId: string, key: string) {
    return this.prisma.idempotencyRecord.findFirst({
      where: { workspaceId, scope: START_CALL_SCOPE, key, expiresAt: { gt: new Date() } },
    });
  }

  private replayOrConflict(
    record: { requestHash: string; responseStatus: number; responseBody: unknown },
    requestHash: string,
  ): StartCallResult {
    if (record.requestHash !== requestHash) return { kind: 'idempotency-conflict' };
    return { kind: 'replayed', status: record.responseStatus, response: record.responseBody as object };
  }
}
