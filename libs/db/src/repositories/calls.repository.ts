import { Injectable } from '@nestjs/common';
import { newId } from '@app/common';
import type { ApiCallStatus, CallStartedData } from '@app/contracts';
import { LIVE_STATUSES, callStatusFromApi } from '../call-status';
import { Prisma, type Call } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const START_CALL_SCOPE = 'POST /voice/agent/call';

export interface StartCallInput {
  workspaceId: string;
  assistantId: string;
  to: string;
  metadata: Record<string, unknown> | null;
  requestId?: string;
  idempotency?: { key: string; requestHash: string };
}

export type StartCallResult =
  | { kind: 'created'; callId: string; response: { callId: string; status: 'ringing'; language: string } }
  | { kind: 'replayed'; status: number; response: object }
  | { kind: 'idempotency-conflict' }
  | { kind: 'assistant-not-found' };

export interface CallFilter {
  status?: ApiCallStatus;
  assistantId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { code?: string; kind?: string } } }; message?: string };
  return err?.code === 'P2002' || err?.meta?.code === '23505' || err?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
    || /unique constraint|23505/i.test(err?.message ?? '');
}

@Injectable()
export class CallsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One statement, so one round trip and atomic: the ringing Call, its call.started CallEvent (the
   * outbox row the engine publishes) and, with an Idempotency-Key, the stored response. The
   * assistant row is share-locked so it cannot be deleted while a call is being placed on it;
   * an unknown assistant inserts nothing.
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
    const callId = newId('call');
    const now = new Date();
    const at = now.toISOString();
    const metadata = input.metadata === null ? null : JSON.stringify(input.metadata);
    const started: Omit<CallStartedData, 'language'> = {
      callId, agentId: input.assistantId, direction: 'outbound', to: input.to, metadata: input.metadata, sequence: 1,
    };
    try {
      const rows = await this.prisma.$queryRaw<{ language: string }[]>`
        WITH assistant AS (
          SELECT language FROM "Assistant"
          WHERE id = ${input.assistantId} AND "workspaceId" = ${workspaceId} AND "deletedAt" IS NULL
          FOR SHARE
        ), call AS (
          INSERT INTO "Call" (id, "workspaceId", "assistantId", "to", language, metadata, "requestId", "createdAt", "updatedAt")
          SELECT ${callId}, ${workspaceId}, ${input.assistantId}, ${input.to}, assistant.language, ${metadata}::jsonb, ${input.requestId ?? null},
                 ${at}::timestamptz AT TIME ZONE 'UTC', ${at}::timestamptz AT TIME ZONE 'UTC'
          FROM assistant
          RETURNING language
        ), event AS (
          INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data, "occurredAt")
          SELECT ${newId('event')}, ${workspaceId}, ${callId}, 'call.started', 1,
                 ${JSON.stringify(started)}::jsonb || jsonb_build_object('language', call.language), ${at}::timestamptz AT TIME ZONE 'UTC'
          FROM call
        ), idempotency AS (
          INSERT INTO "IdempotencyRecord" (id, "workspaceId", scope, key, "requestHash", "responseStatus", "responseBody", "createdAt", "expiresAt")
          SELECT ${newId('idempotency')}, ${workspaceId}, ${START_CALL_SCOPE}, ${idempotency?.key ?? ''}, ${idempotency?.requestHash ?? ''}, 201,
                 jsonb_build_object('callId', ${callId}::text, 'status', 'ringing', 'language', call.language),
                 ${at}::timestamptz AT TIME ZONE 'UTC', ${new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString()}::timestamptz AT TIME ZONE 'UTC'
          FROM call WHERE ${idempotency !== undefined}
        )
        SELECT language FROM call`;
      if (rows.length === 0) return { kind: 'assistant-not-found' };
      return { kind: 'created', callId, response: { callId, status: 'ringing', language: rows[0].language } };
    } catch (e) {
      // A concurrent request with the same key committed first: answer as it did.
      if (idempotency && isUniqueViolation(e)) {
        const previous = await this.findIdempotencyRecord(workspaceId, idempotency.key);
        if (previous) return this.replayOrConflict(previous, idempotency.requestHash);
      }
      throw e;
    }
  }

  find(workspaceId: string, id: string) {
    return this.prisma.call.findFirst({ where: { workspaceId, id } });
  }

  async list(workspaceId: string, filter: CallFilter, skip: number, take: number) {
    const where: Prisma.CallWhereInput = {
      workspaceId,
      status: filter.status ? callStatusFromApi(filter.status) : undefined,
      assistantId: filter.assistantId,
      createdAt: filter.createdAfter || filter.createdBefore ? { gte: filter.createdAfter, lt: filter.createdBefore } : undefined,
    };
    const [total, list] = await Promise.all([
      filter.createdAfter || filter.createdBefore ? this.prisma.call.count({ where }) : this.tally(workspaceId, filter),
      this.prisma.call.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  /** The exact number of calls by workspace, status and assistant, from the running tallies. */
  private async tally(workspaceId: string, filter: CallFilter): Promise<number> {
    const { _sum } = await this.prisma.callTally.aggregate({
      where: { workspaceId, status: filter.status ? callStatusFromApi(filter.status) : undefined, assistantId: filter.assistantId },
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
        SELECT "workspaceId", "assistantId", "status", sum("delta")::int FROM folded GROUP BY 1, 2, 3 HAVING sum("delta") <> 0
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
