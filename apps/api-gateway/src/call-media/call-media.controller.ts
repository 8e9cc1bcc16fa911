import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError, RecordingStorage } from '@app/common';
import { CallMediaRepository, CallsRepository } from '@app/db';
import { Auth, type RequestAuth } from '../auth/auth.decorators';
import { parseByteRange } from './byte-range';

/** Transcript and recording of a call: 409 until the engine has stored them, 404 for strangers. */
@Controller('api/core/voice/call/:callId')
export class CallMediaController {
  constructor(
    private readonly calls: CallsRepository,
    private readonly media: CallMediaRepository,
    private readonly storage: RecordingStorage,
  ) {}

  @Get('transcript')
  async transcript(@Auth() auth: RequestAuth, @Param('callId') callId: string) {
    await this.callOrThrow(auth.workspaceId, callId, 'transcriptReady', 'transcript');
    const t = await this.media.findTranscript(auth.workspaceId, callId);
    if (!t) throw ApiError.conflict(`The transcript of call ${callId} is not ready yet; wait for transcript.ready.`);
    return { transcriptId: t.id, callId, language: t.language, turns: t.turns, text: t.text, createdAt: t.createdAt.toISOString() };
  }

  /** audio/wav with Content-Length; a single byte Range answers 206. */
  @Get('recording')
  async recording(
    @Auth() auth: RequestAuth,
    @Param('callId') callId: string,
    @Headers('range') range: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.callOrThrow(auth.workspaceId, callId, 'recordingReady', 'recording');
    const rec = await this.media.findRecording(auth.workspaceId, callId);
    const size = rec ? await this.storage.size(rec.storageKey) : null;
    if (!rec || size === null) throw ApiError.conflict(`The recording of call ${callId} is not ready yet; wait for recording.ready.`);
    const wanted = parseByteRange(range, size);
    if (wanted === 'unsatisfiable') {
      throw new ApiError(416, `Range not satisfiable; the recording has ${size} bytes`, { 'Content-Range': `bytes */${size}` });
    }
    res.setHeader('Content-Type', rec.contentType);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Disposition', `inline; filename="${callId}.wav"`);
    if (wanted === 'none') {
      res.status(200).setHeader('Content-Length', String(size));
      this.storage.read(rec.storageKey).pipe(res);
      return;
    }
    res.status(206);
    res.setHeader('Content-Range', `bytes ${wanted.start}-${wanted.end}/${size}`);
    res.setHeader('Content-Length', String(wanted.end - wanted.start + 1));
    this.storage.read(rec.storageKey, wanted).pipe(res);
  }

  private async callOrThrow(workspaceId: string, callId: string, flag: 'transcriptReady' | 'recordingReady', what: string) {
    const call = await this.calls.find(workspaceId, callId);
    if (!call) throw ApiError.notFound('Call', callId);
    if (!call[flag]) throw ApiError.conflict(`The ${what} of call ${callId} is not ready yet; wait for ${what}.ready.`);
    return call;
  }
}
