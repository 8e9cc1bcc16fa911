import { ApiError, ConnectionError, RateLimitError, ServerError } from './errors.js';
import { sleep, type HttpClient } from './http.js';
import { SseDecoder } from './sse.js';

export interface StreamOptions {
  signal?: AbortSignal;
  /** Resume after this event (what a previous stream's last event's eventId was). */
  lastEventId?: string;
  /** Reconnect when nothing (not even the 15 s heartbeat) arrived for this long. Default 45 s. */
  idleTimeoutMs?: number;
}

const MAX_RECONNECT_WAIT_MS = 30_000;

/**
 * An endless iterator over a server-sent event stream that reconnects after a dropped connection,
 * a silent one, a 429 or a 5xx, resuming with Last-Event-ID so no event is missed or repeated.
 * Ends when the caller breaks out of the loop or aborts the signal; other 4xx answers are thrown.
 */
export async function* eventStream<T>(
  http: HttpClient,
  path: string,
  query: Record<string, unknown>,
  options: StreamOptions = {},
): AsyncGenerator<T, void, undefined> {
  let lastEventId = options.lastEventId;
  let retryMs = 2_000;
  let failures = 0;
  for (;;) {
    let askedWaitMs: number | undefined;
    const connection = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, connection.signal]) : connection.signal;
    const idleMs = options.idleTimeoutMs ?? 45_000;
    const idle = setTimeout(() => connection.abort(new ConnectionError(`no data for ${idleMs} ms`)), idleMs);
    try {
      const response = await http.open(
        {
          method: 'GET',
          path,
          // once an event has arrived, Last-Event-ID says where to resume (not the first call's `after`)
          query: lastEventId ? { ...query, after: undefined } : query,
          headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
          idempotent: true,
        },
        { signal, maxRetries: 0, timeoutMs: idleMs },
      );
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const decoder = new SseDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          idle.refresh();
          for (const message of decoder.push(value)) {
            lastEventId = message.id ?? lastEventId;
            failures = 0;
            yield JSON.parse(message.data) as T;
          }
          retryMs = decoder.retryMs ?? retryMs;
        }
      } finally {
        void reader.cancel().catch(() => undefined);
      }
    } catch (err) {
      if (options.signal?.aborted) throw options.signal.reason;
      const status = err instanceof ApiError ? err.status : undefined;
      if (status !== undefined && status !== 429 && status < 500) throw err;
      if (err instanceof RateLimitError || err instanceof ServerError) askedWaitMs = err.retryAfterMs;
    } finally {
      clearTimeout(idle);
      connection.abort();
    }
    // the stream ended or broke: wait as the server asked, longer after each failure in a row
    failures++;
    const backoffMs = Math.min(retryMs * 2 ** (failures - 1), MAX_RECONNECT_WAIT_MS) * (0.8 + Math.random() * 0.4);
    await sleep(Math.max(backoffMs, askedWaitMs ?? 0), options.signal);
  }
}
