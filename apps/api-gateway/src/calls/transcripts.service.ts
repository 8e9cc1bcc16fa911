import { Injectable } from '@nestjs/common';
import { CallMediaRepository, CallsRepository, presentTranscript } from '@app/calls';
import { ApiError } from '@app/platform';

/** 404 for unknown or foreign calls, 410 once the retention removed it, 409 until the engine has stored it. */
export async function readyCallOrThrow(
  calls: CallsRepository,
  workspaceId: string,
  callId: string,
  flag: 'transcriptReady' | 'recordingReady',
  what: string,
) {
  const call = await calls.find(workspaceId, callId);
  if (!call) throw ApiError.notFound('Call', callId);
  if (call.mediaRemovedAt) {
    const when = call.mediaRemovedAt.toISOString();
    throw new ApiError(410, `The ${what} of call ${callId} was removed at ${when} by the workspace's retention.`);
  }
  if (!call[flag]) throw ApiError.conflict(`The ${what} of call ${callId} is not ready yet; wait for ${what}.ready.`);
  return call;
}

/** A call's transcript: one implementation behind REST and MCP. */
@Injectable()
export class TranscriptsService {
  constructor(
    private readonly calls: CallsRepository,
    private readonly media: CallMediaRepository,
  ) {}

  async get(workspaceId: string, callId: string) {
    await readyCallOrThrow(this.calls, workspaceId, callId, 'transcriptReady', 'transcript');
    const t = await this.media.findTranscript(workspaceId, callId);
    if (!t) throw ApiError.conflict(`The transcript of call ${callId} is not ready yet; wait for transcript.ready.`);
    return presentTranscript(t);
  }
}
