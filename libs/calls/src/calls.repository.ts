import { Injectable } from '@nestjs/common';
import { type Call, Prisma, PrismaService } from '@app/db';
import { CallAdmission, type AdmissionResult } from './admission/call-admission';
import {
  LIVE_STATUSES,
  LIVE_STATUSES_SQL,
  callFromRow,
  callStatusFromApi,
  type ApiCallStatus,
  type DIRECTIONS,
} from './call-status';

const FIND_CALL = `SELECT * FROM "Call" WHERE id = $1 AND "workspaceId" = $2`;

export interface StartCallInput {
  workspaceId: string;
  assistantId: string;
  to: string;
  /** Caller ID: the workspace's number the call goes out from; absent, its default number (if any). */
  from?: { number: string; numberId: string };
  metadata: Record<string, unknown> | null;
  /** A simulated call's caller lines (README "Testing an assistant"). */
  simulatedCaller?: { lines: string[] } | null;
  requestId?: string;
  idempotency?: { key: string; requestHash: string };
}

export type StartCallResult = AdmissionResult;

export interface CallFilter {
  status?: ApiCallStatus;
  assistantId?: string;
  direction?: (typeof DIRECTIONS)[number];
  from?: string;
  to?: string;
  /** From or to this number. */
  number?: string;
  /** Metadata holding this key (with this text value, when given). */
  metadata?: { key: string; value?: string };
  createdAfter?: Date;
  createdBefore?: Date;
}

/** A call the carrier rang one of a workspace's numbers with. */
export interface InboundCall {
  workspaceId: string;
  numberId: string;
  from: string;
  to: string;
  requestId?: string;
  /** The SIP trunk it came in on; absent: the simulator's testing route. */
  trunkId?: string;
  /** The engine whose SIP stack took the INVITE (it holds the call from the first row on). */
  sipEngine?: string;
}

@Injectable()
export class CallsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly admission: CallAdmission,
  ) {}

  /**
   * Start-call: the assistant's language and the default caller ID in one read, then the one
   * admission writer (CallAdmission) decides and writes.
   */
  async start(input: StartCallInput): Promise<StartCallResult> {
    // one round trip: the admission statement reads the assistant's language and the default number
    return this.admission.admit({
      source: 'api',
      workspaceId: input.workspaceId,
      assistantId: input.assistantId,
      language: null,
      to: input.to,
      from: input.from?.number ?? null,
      numberId: input.from?.numberId ?? null,
      fromDefault: !input.from,
      metadata: input.metadata,
      simulatedCaller: input.simulatedCaller ?? null,
      requestId: input.requestId,
      idempotency: input.idempotency,
    });
  }

  /**
   * A person talking to an assistant from a browser (README "Web calls"): admitted as `web` by the
   * one admission writer (the live-call limit holds; no number, so no do-not-call list), held from
   * its first row by the engine its WebSocket reached. No number is dialled: `to` is "web".
   */
  async startWebCall(input: { workspaceId: string; assistantId: string; engineId: string; requestId?: string }) {
    return this.admission.admit({
      source: 'web',
      workspaceId: input.workspaceId,
      assistantId: input.assistantId,
      language: null,
      to: 'web',
      from: null,
      numberId: null,
      trunkId: null,
      sipEngine: input.engineId,
      metadata: null,
      requestId: input.requestId,
    });
  }

  /**
   * A call the carrier announced to one of the workspace's numbers: admitted as inbound (never
   * refused by the limit), ringing, its assistant not chosen yet (the engine chooses it, then writes
   * call.started). The language is a placeholder until then: the number's assistant's, else English.
   */
  async receive(input: InboundCall) {
    const admitted = await this.tryReceive(input);
    if (admitted.kind !== 'created') throw new Error(`inbound call not admitted: ${admitted.kind}`);
    return { id: admitted.callId };
  }

  /** An inbound call, or why it was not admitted (the live-call limit). */
  async tryReceive(input: InboundCall) {
    const fallback = await this.prisma.phoneNumber.findUnique({
      where: { id: input.numberId },
      select: { assistant: { select: { language: true } } },
    });
    return this.admission.admit({
      source: 'inbound',
      workspaceId: input.workspaceId,
      assistantId: null,
      language: fallback?.assistant?.language ?? 'en',
      to: input.to,
      from: input.from,
      numberId: input.numberId,
      trunkId: input.trunkId ?? null,
      sipEngine: input.sipEngine ?? null,
      metadata: null,
      requestId: input.requestId,
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

  /** One call of the workspace: get-call's read, a prepared statement (Prisma's own work was a tenth of its CPU). */
  async find(workspaceId: string, id: string): Promise<Call | null> {
    const [row] = await this.prisma.sql<Omit<Call, 'status'> & { status: ApiCallStatus }>('find-call', FIND_CALL, [
      id,
      workspaceId,
    ]);
    return row ? callFromRow(row) : null;
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
      AND: [
        filter.number ? { OR: [{ from: filter.number }, { to: filter.number }] } : {},
        filter.metadata ? metadataWhere(filter.metadata) : {},
      ],
    };
    // The tallies count by status and assistant; any other filter counts the matching rows.
    const counted =
      filter.createdAfter ||
      filter.createdBefore ||
      filter.direction ||
      filter.from ||
      filter.to ||
      filter.number ||
      filter.metadata;
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

  /**
   * A safety net under call-slots.sql: frees any slot whose call is not live (the final transition's
   * trigger already does; nothing else should leave one held), then restores the workspace's slot
   * invariant. Slots being claimed or freed right now are locked and skipped. Returns how many.
   */
  async releaseStraySlots(): Promise<number> {
    const stray = await this.prisma.$queryRaw<{ workspaceId: string }[]>`
      WITH stray AS (
        SELECT s."workspaceId", s.slot FROM "CallSlot" s LEFT JOIN "Call" c ON c.id = s."callId"
        WHERE s."callId" IS NOT NULL AND (c.id IS NULL OR c.status NOT IN ${LIVE_STATUSES_SQL})
        FOR UPDATE OF s SKIP LOCKED
      )
      UPDATE "CallSlot" s SET "callId" = NULL FROM stray
      WHERE s."workspaceId" = stray."workspaceId" AND s.slot = stray.slot
      RETURNING s."workspaceId"`;
    // moves written down for calls no longer live (their release found none, or none ran)
    await this.prisma.$executeRaw`
      DELETE FROM "CallSlotMove" m WHERE NOT EXISTS (
        SELECT 1 FROM "Call" c WHERE c.id = m."callId" AND c.status IN ${LIVE_STATUSES_SQL})`;
    for (const workspaceId of new Set(stray.map((s) => s.workspaceId)))
      await this.prisma.$executeRaw`SELECT "call_slots_rebalance"(${workspaceId})`;
    return stray.length;
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
  /**
   * Records a client's transfer request on a connected call (the engine acts on it). Null when
   * the call is not in progress, or a transfer is already under way.
   */
  async requestTransfer(workspaceId: string, id: string, to: string): Promise<Call | null> {
    const { count } = await this.prisma.call.updateMany({
      where: { workspaceId, id, status: 'in_progress', transferTo: null },
      data: { transferTo: to },
    });
    return count === 0 ? null : this.find(workspaceId, id);
  }

  async requestEnd(workspaceId: string, id: string): Promise<Call | null> {
    const { count } = await this.prisma.call.updateMany({
      where: { workspaceId, id, status: { in: LIVE_STATUSES } },
      data: { endRequestedAt: new Date() },
    });
    return count === 0 ? null : this.find(workspaceId, id);
  }
}

/** Calls whose metadata holds the key, with that value as text when one is given (a number 42 matches "42"). */
function metadataWhere({ key, value }: { key: string; value?: string }): Prisma.CallWhereInput {
  if (value === undefined) return { metadata: { path: [key], not: Prisma.AnyNull } };
  const matches: unknown[] = [value];
  if (value !== '' && Number.isFinite(Number(value))) matches.push(Number(value));
  if (value === 'true' || value === 'false') matches.push(value === 'true');
  return { OR: matches.map((m) => ({ metadata: { path: [key], equals: m as Prisma.InputJsonValue } })) };
}
