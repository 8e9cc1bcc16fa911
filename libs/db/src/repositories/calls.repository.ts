import { Injectable } from '@nestjs/common';
import { newId } from '@app/common';
import type { ApiCallStatus, CallStartedData } from '@app/contracts';
import { callStatusFromApi } from '../call-status';
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
  | { kind: 'created'; call: Call; response: object }
  | { kind: 'replayed'; status: number; response: object }
  | { kind: 'idempotency-conflict' }
  | { kind: 'assistant-not-found' };

export interface CallFilter {
  status?: ApiCallStatus;
  assistantId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

class AssistantNotFound extends Error {}

@Injectable()
export class CallsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One transaction: the ringing Call, its call.started CallEvent (the outbox row the engine
   * publishes) and, with an Idempotency-Key, the stored response. The assistant row is share-locked
   * so it cannot be deleted while a call is being placed on it.
   */
  async start(input: StartCallInput, toResponse: (call: Call) => object): Promise<StartCallResult> {
    const { workspaceId, idempotency } = input;
    if (idempotency) {
      const previous = await this.findIdempotencyRecord(workspaceId, idempotency.key);
      if (previous) return this.replayOrConflict(previous, idempotency.requestHash);
      await this.prisma.idempotencyRecord.deleteMany({
        where: { workspaceId, scope: START_CALL_SCOPE, key: idempotency.key, expiresAt: { lte: new Date() } },
      });
    }
    try {
      return await this.prisma.$transaction(async (tx) => {
        const [assistant] = await tx.$queryRaw<{ language: string }[]>`
          SELECT language FROM "Assistant"
          WHERE id = ${input.assistantId} AND "workspaceId" = ${workspaceId} AND "deletedAt" IS NULL FOR SHARE`;
        if (!assistant) throw new AssistantNotFound();
        const now = new Date();
        const call = await tx.call.create({
          data: {
            id: newId('call'),
            workspaceId,
            assistantId: input.assistantId,
            to: input.to,
            language: assistant.language,
            metadata: (input.metadata as Prisma.InputJsonObject | null) ?? Prisma.DbNull,
            requestId: input.requestId,
            createdAt: now,
          },
        });
        const data: CallStartedData = {
          callId: call.id, agentId: call.assistantId, direction: call.direction, to: call.to,
          language: call.language, metadata: input.metadata, sequence: 1,
        };
        await tx.callEvent.create({
          data: { id: newId('event'), workspaceId, callId: call.id, type: 'call.started', sequence: 1, data: data as object, occurredAt: now },
        });
        const response = toResponse(call);
        if (idempotency) {
          await tx.idempotencyRecord.create({
            data: {
              id: newId('idempotency'), workspaceId, scope: START_CALL_SCOPE, key: idempotency.key,
              requestHash: idempotency.requestHash, responseStatus: 201, responseBody: response,
              expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
            },
          });
        }
        return { kind: 'created' as const, call, response };
      });
    } catch (e) {
      if (e instanceof AssistantNotFound) return { kind: 'assistant-not-found' };
      // A concurrent request with the same key committed first: answer as it did.
      if (idempotency && e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
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
      this.prisma.call.count({ where }),
      this.prisma.call.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  /**
   * Records a client's hang-up request on a live call (the engine acts on it and its reconciler
   * finds it again if the job is lost). Null when the call is not live any more.
   */
  async requestEnd(workspaceId: string, id: string): Promise<Call | null> {
    const { count } = await this.prisma.call.updateMany({
      where: { workspaceId, id, status: { in: ['ringing', 'in_progress'] } },
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
