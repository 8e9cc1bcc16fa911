import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/common';
import { pageWindow, type CallListQuery, type ListEnvelope, type StartCallDto } from '@app/contracts';
import { CallsRepository } from '@app/db';
import { CallEngineClient } from '../queues/call-engine.client';
import { presentCall, type CallRecord } from './call.presenter';

export interface StartCallOutcome {
  status: number;
  body: object;
  replayed: boolean;
}

/** Calls: one implementation behind REST (and later MCP). */
@Injectable()
export class CallsService {
  constructor(
    private readonly calls: CallsRepository,
    private readonly engine: CallEngineClient,
  ) {}

  async start(workspaceId: string, dto: StartCallDto, idempotencyKey?: string, requestId?: string): Promise<StartCallOutcome> {
    const result = await this.calls.start({
      workspaceId,
      assistantId: dto.agentId,
      to: dto.to,
      metadata: dto.metadata ?? null,
      requestId,
      idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: hashRequest(dto) } : undefined,
    });
    switch (result.kind) {
      case 'assistant-not-found':
        throw ApiError.notFound('Assistant', dto.agentId);
      case 'idempotency-conflict':
        throw ApiError.conflict('This Idempotency-Key was already used with a different request body.');
      case 'replayed':
        return { status: result.status, body: result.response, replayed: true };
      case 'created':
        await this.engine.dial(result.callId, requestId);
        return { status: 201, body: result.response, replayed: false };
    }
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
        createdAfter: q.createdAfter ? new Date(q.createdAfter) : undefined,
        createdBefore: q.createdBefore ? new Date(q.createdBefore) : undefined,
      },
      skip,
      take,
    );
    return { total, list: list.map(presentCall) };
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

/** Same request = same agentId, normalised number and metadata (key order does not matter). */
function hashRequest(dto: StartCallDto): string {
  return createHash('sha256').update(canonicalJson({ agentId: dto.agentId, to: dto.to, metadata: dto.metadata ?? null })).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
