import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type {
  Backlog,
  Call,
  Concurrency,
  ListCallsParams,
  LiveTranscript,
  Overview,
  OverviewParams,
  StartCallParams,
  StartedCall,
  Transcript,
} from '../types.js';

export interface StartCallOptions extends RequestOptions {
  /** Repeats with the same key and body within 24 h answer the first call. Default: a new UUID per start. */
  idempotencyKey?: string;
}

export interface RecordingOptions extends RequestOptions {
  /** One byte range, e.g. `bytes=0-1023` (answered 206). */
  range?: string;
}

/** A recording's answer: read it once, as a stream or whole. */
export interface Recording {
  contentType: string;
  /** Bytes in this answer (the range's, for a range). */
  contentLength: number | undefined;
  /** `bytes start-end/size` for a range. */
  contentRange: string | undefined;
  stream(): Readable;
  buffer(): Promise<Buffer>;
}

export class Calls extends Resource {
  /**
   * Starts an outbound call (spec 4.1). Always sends an Idempotency-Key — yours or a generated
   * one, the same on every retry — so a retried start never places a second call.
   */
  start(params: StartCallParams, options: StartCallOptions = {}): Promise<StartedCall> {
    const { idempotencyKey = randomUUID(), ...rest } = options;
    return this.httpPost('/api/core/voice/agent/call', params, true, {
      ...rest,
      headers: { ...rest.headers, 'idempotency-key': idempotencyKey },
    });
  }

  get(callId: string, options?: RequestOptions): Promise<Call> {
    return this.httpGet(path`/api/core/voice/call/${callId}`, undefined, options);
  }

  /** `for await (const call of client.calls.list({status: 'completed'}))`, or `.page(n)`. */
  list(params: Omit<ListCallsParams, 'page'> = {}, options?: RequestOptions): PagedList<Call> {
    return this.paged('/api/core/voice/call/list', params, options);
  }

  /** Hangs up a live call; ConflictError (409) when it already ended, also after a retry whose first try ended it. */
  end(callId: string, options?: RequestOptions): Promise<Call> {
    return this.httpPost(path`/api/core/voice/call/${callId}/end`, undefined, true, options);
  }

  /**
   * Blind-transfers a connected call to `to` (E.164); call.transferred tells the outcome. ConflictError
   * (409) unless the call is in progress with no transfer under way.
   */
  transfer(callId: string, to: string, options?: RequestOptions): Promise<Call> {
    return this.httpPost(path`/api/core/voice/call/${callId}/transfer`, { to }, true, options);
  }

  /** ConflictError (409) until transcript.ready; GoneError (410) once the workspace's retention removed it. */
  transcript(callId: string, options?: RequestOptions): Promise<Transcript> {
    return this.httpGet(path`/api/core/voice/call/${callId}/transcript`, undefined, options);
  }

  /** What has been said so far in a call, turn by turn (ask again while its status is live). */
  liveTranscript(callId: string, options?: RequestOptions): Promise<LiveTranscript> {
    return this.httpGet(path`/api/core/voice/call/${callId}/transcript/live`, undefined, options);
  }

  /** The WAV recording; ConflictError (409) until recording.ready; GoneError (410) once removed by retention. */
  async recording(callId: string, options: RecordingOptions = {}): Promise<Recording> {
    const { range, ...rest } = options;
    const headers: Record<string, string> = { accept: 'audio/wav', ...(range ? { range } : {}) };
    const response = await this.http.open(
      { method: 'GET', path: path`/api/core/voice/call/${callId}/recording`, headers, idempotent: true },
      rest,
    );
    const length = response.headers.get('content-length');
    return {
      contentType: response.headers.get('content-type') ?? 'audio/wav',
      contentLength: length === null ? undefined : Number(length),
      contentRange: response.headers.get('content-range') ?? undefined,
      stream: () => Readable.fromWeb(response.body as NodeReadableStream),
      buffer: async () => Buffer.from(await response.arrayBuffer()),
    };
  }

  /** What waits in the queues for this workspace: calls to answer, deliveries pending or failed. */
  backlog(options?: RequestOptions): Promise<Backlog> {
    return this.httpGet('/api/core/backlog', undefined, options);
  }

  /** How calls went over the last `days` UTC days (default 14): volume, outcomes, durations, latency. */
  overview(params: OverviewParams = {}, options?: RequestOptions): Promise<Overview> {
    return this.httpGet('/api/core/voice/overview', params, options);
  }

  /** Live calls against the workspace's limit. */
  concurrency(options?: RequestOptions): Promise<Concurrency> {
    return this.httpGet('/api/core/voice/concurrency', undefined, options);
  }
}
