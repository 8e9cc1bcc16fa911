import { callStatusToApi, type Call } from '@app/db';

/**
 * The full call record (spec 2.1 plus agentId, to, metadata, connectedAt, updatedAt). Fields not
 * known yet are present with null, so clients never have to guess whether a field exists.
 */
export function presentCall(call: Call) {
  return {
    callId: call.id,
    agentId: call.assistantId,
    status: callStatusToApi(call.status),
    direction: call.direction,
    to: call.to,
    language: call.language,
    metadata: (call.metadata as Record<string, unknown> | null) ?? null,
    durationSec: call.durationSec,
    endedReason: call.endedReason,
    recordingReady: call.recordingReady,
    transcriptReady: call.transcriptReady,
    createdAt: call.createdAt.toISOString(),
    connectedAt: call.connectedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    updatedAt: call.updatedAt.toISOString(),
  };
}

export type CallRecord = ReturnType<typeof presentCall>;
