import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type Assistant, type Call, type CallEvent, type CallStatus, type Prisma, PrismaService } from '@app/db';
import {
  LIVE_STATUSES,
  LIVE_STATUSES_SQL,
  callFromRow,
  sqlCallStatus,
  type AnsweredBy,
  type EndedReason,
} from '../call-status';
import { callEventData, type EventName, type OwnEventData } from '../events/event-data';
import type { CallAnalysis } from '../events/call-analysis';

type Tx = Prisma.TransactionClient;

const FIND_CALL = `SELECT * FROM "Call" WHERE id = $1`;
const FIND_ASSISTANT = `SELECT * FROM "Assistant" WHERE id = $1`;

/** What a transition may set besides the status. */
export interface TransitionPatch {
  connectedAt?: Date;
  endedAt?: Date;
  durationSec?: number;
  endedReason?: string;
  answeredBy?: AnsweredBy;
}

// The guarded update and its event, atomically: no row moved, no event. The sequence is the call
// row's eventCount after the update, so writers of one call's events queue on its row.
const TRANSITION = `
  WITH moved AS (
    UPDATE "Call" SET status = $3::"CallStatus", "updatedAt" = $4::timestamptz AT TIME ZONE 'UTC',
      "connectedAt" = COALESCE($5::timestamptz AT TIME ZONE 'UTC', "connectedAt"),
      "endedAt" = COALESCE($6::timestamptz AT TIME ZONE 'UTC', "endedAt"),
      "durationSec" = COALESCE($7::int, "durationSec"),
      "endedReason" = COALESCE($8::text, "endedReason"),
      "answeredBy" = COALESCE($12::text, "answeredBy"),
      "eventCount" = "eventCount" + 1
    WHERE id = $1 AND status = $2::"CallStatus"
    RETURNING id, "workspaceId", "eventCount"
  )
  INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, "occurredAt", data)
  SELECT $9, moved."workspaceId", moved.id, $10, moved."eventCount", $4::timestamptz AT TIME ZONE 'UTC',
         jsonb_set($11::jsonb, '{sequence}', to_jsonb(moved."eventCount"))
  FROM moved
  RETURNING *`;

/**
 * The call-engine's writes: every change of a call is one transaction of a guarded update (only
 * from the expected state) and the CallEvent it causes. A repeated or concurrent attempt finds
 * the guard false and changes nothing.
 */
@Injectable()
export class CallLifecycleRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The call with its assistant, as two prepared statements: the engine reads it at every step, and
   * Prisma's work for the include was most of the engine's CPU per call.
   */
  async findWithAssistant(callId: string): Promise<(Call & { assistant: Assistant | null }) | null> {
    const [row] = await this.prisma.sql<Parameters<typeof callFromRow>[0]>('engine-find-call', FIND_CALL, [callId]);
    if (!row) return null;
    const call = callFromRow(row);
    if (!call.assistantId) return { ...call, assistant: null };
    const [assistant] = await this.prisma.sql<Assistant>('engine-find-assistant', FIND_ASSISTANT, [call.assistantId]);
    return { ...call, assistant: assistant ?? null };
  }

  /**
   * Moves the call from → to with the patch and appends its event, in one statement (the engine's
   * hottest write); returns the event, or null if the guard failed.
   */
  async transition<E extends EventName>(
    call: Call,
    change: { from: CallStatus; to: CallStatus; patch: TransitionPatch },
    event: E,
    own: OwnEventData<E>,
    at: Date,
  ): Promise<CallEvent | null> {
    const { from, to, patch } = change;
    // The sequence is counted in the statement; the builder's placeholder is replaced there.
    const data = callEventData<E>(call, own, 0);
    const [row] = await this.prisma.sql<CallEvent>('call-transition', TRANSITION, [
      call.id,
      sqlCallStatus(from),
      sqlCallStatus(to),
      at.toISOString(),
      patch.connectedAt?.toISOString() ?? null,
      patch.endedAt?.toISOString() ?? null,
      patch.durationSec ?? null,
      patch.endedReason ?? null,
      newId('event'),
      event,
      JSON.stringify(data),
      patch.answeredBy ?? null,
    ]);
    return row ?? null;
  }

  /**
   * Claims the asking of the number's assistantRequestUrl for a ringing inbound call: true for one
   * caller at a time. A claim older than `staleBefore` was a crashed engine's and is taken over (the
   * request goes out again with the same deliveryId).
   */
  async claimAssistantRequest(callId: string, at: Date, staleBefore: Date): Promise<boolean> {
    const { count } = await this.prisma.call.updateMany({
      where: {
        id: callId,
        status: 'ringing',
        assistantId: null,
        OR: [{ assistantRequestedAt: null }, { assistantRequestedAt: { lt: staleBefore } }],
      },
      data: { assistantRequestedAt: at },
    });
    return count === 1;
  }

  /**
   * Gives a ringing inbound call its assistant (and the metadata the assistant request sent) and
   * writes its call.started, in one transaction: once, whoever else tries. The assistant is
   * share-locked, as start-call does; null when it does not exist or the call moved on.
   */
  assignAssistant(call: Call, assistantId: string, metadata: object | null, at: Date): Promise<CallEvent | null> {
    return this.prisma.$transaction(async (tx) => {
      const [assistant] = await tx.$queryRaw<{ language: string }[]>`
        SELECT language FROM "Assistant"
        WHERE id = ${assistantId} AND "workspaceId" = ${call.workspaceId} AND "deletedAt" IS NULL
        FOR SHARE`;
      if (!assistant) return null;
      const data = { assistantId, language: assistant.language, updatedAt: at, ...(metadata ? { metadata } : {}) };
      const { count } = await tx.call.updateMany({
        where: { id: call.id, status: 'ringing', assistantId: null },
        data,
      });
      if (count === 0) return null;
      const assigned = { ...call, ...data, metadata: metadata ?? call.metadata };
      return this.appendEvent(tx, assigned, 'call.started', { language: assistant.language }, at);
    });
  }

  /**
   * Ends a ringing inbound call that no assistant will answer: failed with the reason, after the
   * call.started that announces it (agentId null). Both events, or neither.
   */
  refuseInbound(call: Call, reason: EndedReason, at: Date): Promise<CallEvent[]> {
    return this.prisma.$transaction(async (tx) => {
      const patch = { status: 'failed' as const, endedReason: reason, endedAt: at, durationSec: 0, updatedAt: at };
      const { count } = await tx.call.updateMany({
        where: { id: call.id, status: 'ringing', assistantId: null },
        data: patch,
      });
      if (count === 0) return [];
      const started = await this.appendEvent(tx, call, 'call.started', { language: call.language }, at);
      const failed = { endedReason: reason, stage: 'ringing' as const, durationSec: 0 };
      return [started, await this.appendEvent(tx, { ...call, ...patch }, 'call.failed', failed, at)];
    });
  }

  /**
   * Claims the right to run the call's tool steps: true for exactly one caller, ever. Tools have
   * side effects (a booking, a refund), so they run at most once; a crash after the claim leaves
   * them recorded as not run rather than run twice.
   */
  async claimToolRun(callId: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.call.updateMany({
      where: { id: callId, toolsRunAt: null, status: 'in_progress' },
      data: { toolsRunAt: at },
    });
    return count === 1;
  }

  /** Who answered a real call, once its first seconds of audio told (voicemail detection). */
  async recordAnsweredBy(callId: string, answeredBy: AnsweredBy): Promise<void> {
    await this.prisma.call.updateMany({ where: { id: callId, status: 'in_progress' }, data: { answeredBy } });
  }

  /**
   * Claims a call's owed analysis: true for one engine at a time; a claim older than `staleBefore`
   * (its engine died mid-analysis) may be taken again.
   */
  async claimAnalysis(callId: string, at: Date, staleBefore: Date): Promise<boolean> {
    const { count } = await this.prisma.call.updateMany({
      where: {
        id: callId,
        analysisDue: true,
        OR: [{ analysisStartedAt: null }, { analysisStartedAt: { lt: staleBefore } }],
      },
      data: { analysisStartedAt: at },
    });
    return count === 1;
  }

  /** Stores the analysis, with its analysis.ready event, once (null when already stored). */
  storeAnalysis(call: Call, analysis: CallAnalysis, at: Date): Promise<CallEvent | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.call.updateMany({
        where: { id: call.id, analysisDue: true },
        data: { analysisDue: false, analysis: analysis as object, updatedAt: at },
      });
      if (count === 0) return null;
      return this.appendEvent(tx, call, 'analysis.ready', { analysis }, at);
    });
  }

  async transcriptText(callId: string): Promise<string | null> {
    return (await this.prisma.transcript.findFirst({ where: { callId }, select: { text: true } }))?.text ?? null;
  }

  /** The conversation a simulated call's brain held (run once, at connect: see claimToolRun). */
  async storeConversation(callId: string, conversation: object): Promise<void> {
    await this.prisma.call.update({ where: { id: callId }, data: { conversation } });
  }

  /**
   * Stores the transcript and flips transcriptReady, with its event; null if already stored. With
   * `analysisDue` the call now owes its post-call analysis (found again by the reconciler).
   */
  storeTranscript(call: Call, turns: object[], text: string, at: Date, analysisDue = false) {
    return this.storeMedia(call, 'transcriptReady', at, { analysisDue }, async (tx, base) => {
      const transcript = await tx.transcript.create({
        data: { ...base, id: newId('transcript'), language: call.language, turns, text },
      });
      return this.appendEvent(tx, call, 'transcript.ready', { transcriptId: transcript.id }, at);
    });
  }

  /** Records the stored audio file and flips recordingReady, with its event; null if already stored. */
  storeRecording(call: Call, file: { storageKey: string; bytes: number; durationSec: number }, at: Date) {
    return this.storeMedia(call, 'recordingReady', at, {}, async (tx, base) => {
      const recording = await tx.recording.create({
        data: { ...base, id: newId('recording'), contentType: 'audio/wav', ...file },
      });
      const ready = { recordingId: recording.id, durationSec: file.durationSec };
      return this.appendEvent(tx, call, 'recording.ready', ready, at);
    });
  }

  /** One transaction: flips the flag (once: a repeat changes nothing and answers null), then `store`. */
  private storeMedia(
    call: Call,
    flag: 'transcriptReady' | 'recordingReady',
    at: Date,
    also: { analysisDue?: boolean },
    store: (tx: Tx, base: { workspaceId: string; callId: string; createdAt: Date }) => Promise<CallEvent>,
  ) {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.call.updateMany({
        where: { id: call.id, [flag]: false },
        data: { [flag]: true, ...also, updatedAt: at },
      });
      if (count === 0) return null;
      return store(tx, { workspaceId: call.workspaceId, callId: call.id, createdAt: at });
    });
  }

  /**
   * A transfer that succeeded: the connected call completes with endedReason transferred, after its
   * call.transferred event; both or neither (null when the call is not connected any more).
   */
  completeTransferred(call: Call, sipStatus: number | null, at: Date): Promise<CallEvent[] | null> {
    return this.prisma.$transaction(async (tx) => {
      const durationSec = Math.max(0, Math.round((at.getTime() - (call.connectedAt ?? at).getTime()) / 1000));
      const transferTo = call.transferTo ?? '';
      const patch = { status: 'completed' as const, endedReason: 'transferred', endedAt: at, durationSec, transferTo };
      const { count } = await tx.call.updateMany({
        where: { id: call.id, status: 'in_progress' },
        data: { ...patch, updatedAt: at },
      });
      if (count === 0) return null;
      const transferred = { transferTo, outcome: 'transferred' as const, sipStatus };
      const completed = {
        durationSec,
        endedReason: 'transferred' as const,
        language: call.language,
        answeredBy: (call.answeredBy as AnsweredBy | null) ?? null,
      };
      return [
        await this.appendEvent(tx, call, 'call.transferred', transferred, at),
        await this.appendEvent(tx, { ...call, ...patch }, 'call.completed', completed, at),
      ];
    });
  }

  /** A transfer the far end refused: the call goes on, a new transfer may be asked for. */
  failTransfer(call: Call, transferTo: string, sipStatus: number | null, at: Date): Promise<CallEvent | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.call.updateMany({
        where: { id: call.id, status: 'in_progress' },
        data: { transferTo: null, updatedAt: at },
      });
      if (count === 0) return null;
      const failed = { transferTo, outcome: 'failed' as const, sipStatus };
      return this.appendEvent(tx, call, 'call.transferred', failed, at);
    });
  }

  /**
   * Takes a ringing SIP call for this engine (its dialog and media live here): true for one engine,
   * once. A call taken is never dialled again: a crash after this ends it (engine-lost), never rings twice.
   */
  async claimSipCall(callId: string, engine: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.call.updateMany({
      where: { id: callId, status: 'ringing', sipEngine: null },
      data: { sipEngine: engine, sipSeenAt: at },
    });
    return count === 1;
  }

  /** Renews the engine's lease on its live SIP calls; answers those a client asked to end. */
  async renewSipLeases(
    engine: string,
    at: Date,
  ): Promise<{ id: string; endRequestedAt: Date | null; assistantId: string | null; transferTo: string | null }[]> {
    return this.prisma.$queryRaw`
      UPDATE "Call" SET "sipSeenAt" = ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC'
      WHERE "sipEngine" = ${engine} AND status IN ${LIVE_STATUSES_SQL}
      RETURNING id, "endRequestedAt", "assistantId", "transferTo"`;
  }

  /** Calls whose schedule may need a job: live ones, and ended connected ones missing media. */
  findUnfinished(limit: number) {
    return this.prisma.call.findMany({
      where: {
        OR: [
          { status: { in: LIVE_STATUSES } },
          // A SIP or web call's media lived in its engine: nothing can re-derive it once the call ended.
          {
            connectedAt: { not: null },
            trunkId: null,
            direction: { not: 'web' },
            OR: [{ transcriptReady: false }, { recordingReady: false }],
          },
          // post-call analysis owed (an engine that died mid-analysis leaves its claim to run out)
          { analysisDue: true },
        ],
      },
      select: { id: true },
      orderBy: { updatedAt: 'asc' },
      take: limit,
    });
  }

  findUnpublishedEvents(olderThan: Date, limit: number) {
    return this.prisma.callEvent.findMany({
      where: { publishedAt: null, occurredAt: { lt: olderThan } },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  findUnpublishedEventsOfCall(callId: string) {
    return this.prisma.callEvent.findMany({ where: { callId, publishedAt: null }, orderBy: { sequence: 'asc' } });
  }

  /** The event with its per-call sequence; its data comes from the one builder (callEventData). */
  private async appendEvent<E extends EventName>(tx: Tx, call: Call, type: E, own: OwnEventData<E>, at: Date) {
    const { eventCount: sequence } = await tx.call.update({
      where: { id: call.id },
      data: { eventCount: { increment: 1 } },
      select: { eventCount: true },
    });
    const data = callEventData<E>(call, own, sequence) as Prisma.InputJsonObject;
    return tx.callEvent.create({
      data: {
        id: newId('event'),
        workspaceId: call.workspaceId,
        callId: call.id,
        type,
        sequence,
        occurredAt: at,
        data,
      },
    });
  }
}
