import { Injectable } from '@nestjs/common';
import {
  CallsRepository,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_RULE,
  presentCall,
  startCallRequestHash,
  type CallListQuery,
  type CallRecord,
  type StartCallDto,
} from '@app/calls';
import { ApiError, pageWindow, type ListEnvelope } from '@app/platform';
import { NumbersRepository } from '@app/telephony';
import { CallEngineClient } from './call-engine.client';

/** What a 429 of the live-call limit suggests waiting: calls last minutes, slots free up continually. */
const LIMIT_RETRY_AFTER_SEC = 5;

export interface StartCallOutcome {
  status: number;
  body: object;
  replayed: boolean;
}

/** Calls: one implementation behind REST and the MCP tools. */
@Injectable()
export class CallsService {
  constructor(
    private readonly calls: CallsRepository,
    private readonly engine: CallEngineClient,
    private readonly numbers: NumbersRepository,
  ) {}

  /** REST and MCP alike: the same validation of the Idempotency-Key, the same request hash. */
  async start(
    workspaceId: string,
    dto: StartCallDto,
    idempotencyKey?: string,
    requestId?: string,
  ): Promise<StartCallOutcome> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw ApiError.badRequest(IDEMPOTENCY_KEY_RULE);
    }
    const result = await this.calls.start({
      workspaceId,
      assistantId: dto.agentId,
      to: dto.to,
      from: await this.callerId(workspaceId, dto.from),
      metadata: dto.metadata ?? null,
      simulatedCaller: dto.simulatedCaller ?? null,
      requestId,
      idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: startCallRequestHash(dto) } : undefined,
    });
    switch (result.kind) {
      case 'assistant-not-found':
        throw ApiError.notFound('Assistant', dto.agentId);
      case 'do-not-call':
        throw ApiError.unprocessable(`${dto.to} is on this workspace's do-not-call list.`);
      case 'limit-reached':
        throw new ApiError(
          429,
          `Live-call limit reached: ${result.live} of ${result.limit} calls are ringing or in progress; ` +
            `retry when one ends (GET /api/core/voice/concurrency shows the count).`,
          { 'Retry-After': String(LIMIT_RETRY_AFTER_SEC) },
        );
      case 'idempotency-conflict':
        throw ApiError.conflict('This Idempotency-Key was already used with a different request body.');
      case 'replayed':
        return { status: result.status, body: result.response, replayed: true };
      case 'created':
        await this.engine.dial(result.callId, requestId);
        return { status: 201, body: result.response, replayed: false };
    }
  }

  /**
   * The caller ID asked for (422 unless the workspace holds it); without one, the repository uses
   * the default number, read together with the assistant (no extra query on the hot path).
   */
  private async callerId(workspaceId: string, from?: string) {
    if (!from) return undefined;
    const number = await this.numbers.findByNumber(workspaceId, from);
    if (!number) throw ApiError.unprocessable(`from ${from} is not a number of this workspace.`);
    return { number: number.number, numberId: number.id };
  }

  /**
   * A call the carrier rang one of the workspace's numbers with (the simulator's testing route):
   * recorded ringing, then the engine chooses its assistant and answers it.
   */
  async receive(workspaceId: string, to: string, from: string, requestId?: string) {
    const number = await this.numbers.findByNumber(workspaceId, to);
    if (!number) throw ApiError.notFound('Number', to);
    const call = await this.calls.receive({ workspaceId, numberId: number.id, from, to, requestId });
    await this.engine.dial(call.id, requestId);
    return { callId: call.id, status: 'ringing' as const };
  }

  concurrency(workspaceId: string) {
    return this.calls.concurrency(workspaceId);
  }

  async get(workspaceId: string, callId: string): Promise<CallRecord> {
    const call = await this.calls.find(workspaceId, callId);
    if (!call) throw ApiError.notFound('Call', callId);
    return presentCall(call);
  }

  async list(workspaceId: string, q: CallListQuery): Promise<ListEnvelope<CallRecord>> {
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.calls.list(
      workspaceId,
      {
        status: q.status,
        assistantId: q.agentId,
        direction: q.direction,
        from: q.from,
        to: q.to,
        number: q.number,
        metadata: q.metadataKey ? { key: q.metadataKey, value: q.metadataValue } : undefined,
        createdAfter: q.createdAfter ? new Date(q.createdAfter) : undefined,
        createdBefore: q.createdBefore ? new Date(q.createdBefore) : undefined,
      },
      skip,
      take,
    );
    return { total, list: list.map(presentCall) };
  }

  /** Asks the engine to transfer a connected call; 409 unless it is in progress with no transfer under way. */
  async transfer(workspaceId: string, callId: string, to: string, requestId?: string): Promise<CallRecord> {
    const call = await this.calls.requestTransfer(workspaceId, callId, to);
    if (!call) {
      const existing = await this.calls.find(workspaceId, callId);
      if (!existing) throw ApiError.notFound('Call', callId);
      const why = existing.transferTo
        ? `a transfer to ${existing.transferTo} is under way`
        : `it is ${presentCall(existing).status}, not in-progress`;
      throw ApiError.conflict(`Call ${callId} cannot be transferred: ${why}.`);
    }
    await this.engine.transfer(callId, requestId);
    return presentCall(call);
  }

  /** Asks the engine to hang up; 409 when the call already ended. */
  async end(workspaceId: string, callId: string, requestId?: string): Promise<CallRecord> {
    const call = await this.calls.requestEnd(workspaceId, callId);
    if (!call) {
      const existing = await this.calls.find(workspaceId, callId);
      if (!existing) throw ApiError.notFound('Call', callId);
      throw ApiError.conflict(`Call ${callId} has already ended (status ${presentCall(existing).status}).`);
    }
    await this.engine.end(callId, requestId);
    return presentCall(call);
  }
}
