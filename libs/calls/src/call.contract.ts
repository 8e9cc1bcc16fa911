import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Call } from '@app/db';
import { CallAnalysis } from './events/call-analysis';
import {
  ANSWERED_BY,
  CALL_STATUSES,
  callStatusToApi,
  DIRECTIONS,
  ENDED_REASONS,
  type EndedReason,
} from './call-status';

/**
 * The full call record (spec 2.1 plus agentId, to, metadata, connectedAt, updatedAt). Fields not
 * known yet are present with null, so clients never have to guess whether a field exists.
 */
export const CallRecord = contract(
  'CallRecord',
  z.object({
    callId: z.string().meta({ example: 'call_01j9z8x7c6v5b4n3m2k1h0g9f8' }),
    agentId: z
      .string()
      .nullable()
      .describe('null while an inbound call waits for its assistant to be chosen, or when none could be'),
    status: z.enum(CALL_STATUSES),
    direction: z.enum(DIRECTIONS),
    to: z.string().meta({ example: '+14155552671' }),
    from: z
      .string()
      .nullable()
      .describe('Caller ID: your number on outbound calls (null without one), the caller on inbound calls')
      .meta({ example: '+14155550100' }),
    numberId: z.string().nullable().describe('Your number the call went out from or came in to'),
    campaignId: z.string().nullable().describe('The campaign that placed the call'),
    trunkId: z.string().nullable().describe('The SIP trunk the call goes over; null: the simulated carrier'),
    transferTo: z
      .string()
      .nullable()
      .describe('Where a transfer was asked for (API or script); endedReason transferred once it is done'),
    language: z.string().meta({ example: 'en' }),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    durationSec: z.number().int().nullable(),
    endedReason: z.enum(ENDED_REASONS).nullable(),
    answeredBy: z
      .enum(ANSWERED_BY)
      .nullable()
      .describe('human or machine once connected, when the assistant detects voicemail; null otherwise'),
    analysis: CallAnalysis.nullable().describe('Post-call analysis, once done (assistants with a model brain)'),
    recordingReady: z.boolean().describe('false again once the retention removed it (mediaRemovedAt)'),
    transcriptReady: z.boolean().describe('false again once the retention removed it (mediaRemovedAt)'),
    mediaRemovedAt: timestamp()
      .nullable()
      .describe("When the workspace's retention removed the transcript and recording; the call stays"),
    createdAt: timestamp(),
    connectedAt: timestamp().nullable(),
    endedAt: timestamp().nullable(),
    updatedAt: timestamp(),
  }),
);
export type CallRecord = z.infer<typeof CallRecord>;

/** The start-call answer (spec 4.1): the first three fields of the call. */
export const StartedCall = contract(
  'StartedCall',
  z.object({ callId: CallRecord.shape.callId, status: z.literal('ringing'), language: CallRecord.shape.language }),
);
export type StartedCall = z.infer<typeof StartedCall>;

export const CallList = contract('CallList', listOf(CallRecord));

/** GET /voice/concurrency (README "Concurrency"). */
export const Concurrency = contract(
  'Concurrency',
  z.object({
    limit: z.number().int().describe('Calls that may ring or be in progress at once'),
    live: z.number().int().describe('Calls ringing or in progress now'),
    reservedForInbound: z.number().int().describe('Slots campaigns leave free for inbound calls'),
  }),
);

export function presentCall(call: Call): CallRecord {
  return {
    callId: call.id,
    agentId: call.assistantId,
    status: callStatusToApi(call.status),
    direction: call.direction,
    to: call.to,
    from: call.from,
    numberId: call.numberId,
    campaignId: call.campaignId,
    trunkId: call.trunkId,
    transferTo: call.transferTo,
    language: call.language,
    metadata: (call.metadata as Record<string, unknown> | null) ?? null,
    durationSec: call.durationSec,
    endedReason: call.endedReason as EndedReason | null,
    answeredBy: call.answeredBy as CallRecord['answeredBy'],
    analysis: (call.analysis as CallAnalysis | null) ?? null,
    recordingReady: call.recordingReady && !call.mediaRemovedAt,
    transcriptReady: call.transcriptReady && !call.mediaRemovedAt,
    mediaRemovedAt: call.mediaRemovedAt?.toISOString() ?? null,
    createdAt: call.createdAt.toISOString(),
    connectedAt: call.connectedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    updatedAt: call.updatedAt.toISOString(),
  };
}

export function presentStartedCall(call: { id: string; language: string }): StartedCall {
  return { callId: call.id, status: 'ringing', language: call.language };
}
