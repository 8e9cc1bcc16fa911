import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type Call, type CallEvent, type CallStatus, type Prisma, PrismaService } from '@app/db';
import { LIVE_STATUSES } from '../call-status';
import { callEventData, type EventName, type OwnEventData } from '../events/event-data';

type Tx = Prisma.TransactionClient;

/**
 * The call-engine's writes: every change of a call is one transaction of a guarded update (only
 * from the expected state) and the CallEvent it causes. A repeated or concurrent attempt finds
 * the guard false and changes nothing.
 */
@Injectable()
export class CallLifecycleRepository {
  constructor(private readonly prisma: PrismaService) {}

  findWithAssistant(callId: string) {
    return this.prisma.call.findUnique({ where: { id: callId }, include: { assistant: true } });
  }

  /** Moves the call from → to with the patch; returns the appended event, or null if the guard failed. */
  transition<E extends EventName>(
    call: Call,
    change: { from: CallStatus; to: CallStatus; patch: Prisma.CallUncheckedUpdateManyInput },
    event: E,
    data: OwnEventData<E>,
    at: Date,
  ) {
    const { from, to, patch } = change;
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.call.updateMany({
        where: { id: call.id, status: from },
        data: { ...patch, status: to, updatedAt: at },
      });
      if (count === 0) return null;
      return this.appendEvent(tx, call, event, data, at);
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

  async storeToolResults(callId: string, results: object[]): Promise<void> {
    await this.prisma.call.update({ where: { id: callId }, data: { toolResults: results } });
  }

  /** Stores the transcript and flips transcriptReady, with its event; null if already stored. */
  storeTranscript(call: Call, turns: object[], text: string, at: Date) {
    return this.storeMedia(call, 'transcriptReady', at, async (tx, base) => {
      const transcript = await tx.transcript.create({
        data: { ...base, id: newId('transcript'), language: call.language, turns, text },
      });
      return this.appendEvent(tx, call, 'transcript.ready', { transcriptId: transcript.id }, at);
    });
  }

  /** Records the stored audio file and flips recordingReady, with its event; null if already stored. */
  storeRecording(call: Call, file: { storageKey: string; bytes: number; durationSec: number }, at: Date) {
    return this.storeMedia(call, 'recordingReady', at, async (tx, base) => {
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
    store: (tx: Tx, base: { workspaceId: string; callId: string; createdAt: Date }) => Promise<CallEvent>,
  ) {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.call.updateMany({
        where: { id: call.id, [flag]: false },
        data: { [flag]: true, updatedAt: at },
      });
      if (count === 0) return null;
      return store(tx, { workspaceId: call.workspaceId, callId: call.id, createdAt: at });
    });
  }

  /** Calls whose schedule may need a job: live ones, and ended connected ones missing media. */
  findUnfinished(limit: number) {
    return this.prisma.call.findMany({
      where: {
        OR: [
          { status: { in: LIVE_STATUSES } },
          { connectedAt: { not: null }, OR: [{ transcriptReady: false }, { recordingReady: false }] },
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

  async markPublished(eventIds: string[]): Promise<void> {
    await this.prisma.callEvent.updateMany({
      where: { id: { in: eventIds }, publishedAt: null },
      data: { publishedAt: new Date() },
    });
  }

  /** The event with its per-call sequence; its data comes from the one builder (callEventData). */
  private async appendEvent<E extends EventName>(tx: Tx, call: Call, type: E, own: OwnEventData<E>, at: Date) {
    const sequence = (await tx.callEvent.count({ where: { callId: call.id } })) + 1;
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
