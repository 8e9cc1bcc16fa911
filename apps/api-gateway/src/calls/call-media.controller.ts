import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import {
  callStatusToApi,
  CallMediaRepository,
  CallsRepository,
  LiveTranscript,
  LiveTranscripts,
  RecordingStorage,
  TranscriptRecord,
} from '@app/calls';
import { ApiError, parseByteRange } from '@app/platform';
import type { FastifyReply } from 'fastify';
import { Auth, type RequestAuth } from '../auth/auth.decorators';
import { readyCallOrThrow, TranscriptsService } from './transcripts.service';

/** Transcript and recording of a call: 409 until the engine has stored them, 410 once removed, 404 for strangers. */
@ApiTags('calls')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice/call/:callId')
export class CallMediaController {
  constructor(
    private readonly calls: CallsRepository,
    private readonly media: CallMediaRepository,
    private readonly storage: RecordingStorage,
    private readonly transcripts: TranscriptsService,
    private readonly live: LiveTranscripts,
  ) {}

  @Get('transcript/live')
  @ApiOperation({
    summary: 'What has been said so far in a call, turn by turn (README "Live transcript")',
    description:
      "The turns said or heard so far, each once it is over, with an answer's latency on SIP and web calls; " +
      'ask again while status is ringing or in-progress (the console asks once a second). Kept for 2 h after ' +
      'the last turn; the lasting record is GET …/transcript once transcriptReady.',
  })
  @ApiAnswer(200, LiveTranscript)
  @ApiErrors(404)
  async liveTranscript(@Auth() auth: RequestAuth, @Param('callId') callId: string): Promise<LiveTranscript> {
    const call = await this.calls.find(auth.workspaceId, callId);
    if (!call) throw ApiError.notFound('Call', callId);
    // unavailable (Redis away) reads as nothing said yet: the page keeps asking
    const turns = await this.live.read(callId).catch(() => []);
    return { callId, status: callStatusToApi(call.status), turns };
  }

  @Get('transcript')
  @ApiOperation({
    summary: "A finished call's transcript",
    description: "409 until transcriptReady (transcript.ready); 410 once the workspace's retention removed it.",
  })
  @ApiAnswer(200, TranscriptRecord)
  @ApiErrors(404, 409, 410)
  transcript(@Auth() auth: RequestAuth, @Param('callId') callId: string) {
    return this.transcripts.get(auth.workspaceId, callId);
  }

  /** audio/wav with Content-Length; a single byte Range answers 206. */
  @Get('recording')
  @ApiOperation({
    summary: "A finished call's recording (audio/wav)",
    description:
      'Supports a single byte Range (206). 409 until recordingReady (recording.ready); 410 once the ' +
      "workspace's retention removed it.",
  })
  @ApiHeader({ name: 'Range', required: false, example: 'bytes=0-1023' })
  @ApiOkResponse({
    description: 'The WAV file',
    content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({
    status: 206,
    description: 'The requested byte range',
    content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors(404, 409, 410, 416)
  async recording(
    @Auth() auth: RequestAuth,
    @Param('callId') callId: string,
    @Headers('range') range: string | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.callOrThrow(auth.workspaceId, callId, 'recordingReady', 'recording');
    const rec = await this.media.findRecording(auth.workspaceId, callId);
    const size = rec ? await this.storage.size(rec.storageKey) : null;
    if (!rec || size === null)
      throw ApiError.conflict(`The recording of call ${callId} is not ready yet; wait for recording.ready.`);
    const wanted = parseByteRange(range, size);
    if (wanted === 'unsatisfiable') {
      throw new ApiError(416, `Range not satisfiable; the recording has ${size} bytes`, {
        'Content-Range': `bytes */${size}`,
      });
    }
    void res.headers({
      'Content-Type': rec.contentType,
      'Accept-Ranges': 'bytes',
      'Content-Disposition': `inline; filename="${callId}.wav"`,
    });
    if (wanted === 'none') {
      await res.status(200).header('Content-Length', String(size)).send(this.storage.read(rec.storageKey));
      return;
    }
    await res
      .status(206)
      .header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${size}`)
      .header('Content-Length', String(wanted.end - wanted.start + 1))
      .send(this.storage.read(rec.storageKey, wanted));
  }

  private async callOrThrow(workspaceId: string, callId: string, flag: 'recordingReady', what: string) {
    return readyCallOrThrow(this.calls, workspaceId, callId, flag, what);
  }
}
