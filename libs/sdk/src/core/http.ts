import { apiErrorFrom, ConnectionError, retryAfterMs, TimeoutError, VoiceError } from './errors.js';

export const SDK_VERSION = '0.1.0';

export interface ClientOptions {
  /** An API key (vk_…), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Where the service answers, e.g. https://voice.example.com (no trailing /api). */
  baseUrl: string;
  /** Per attempt: how long to wait for an answer. Default 30 s. */
  timeoutMs?: number;
  /** Retries after a network error, a 429 or a 5xx (see README "Retries"). Default 2. */
  maxRetries?: number;
  /** A fetch to use instead of the global one (a proxy agent, instrumentation). */
  fetch?: typeof fetch;
}

/** Options every method takes as its last argument. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  headers?: Record<string, string>;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path with its parameters already encoded (see `path`). */
  path: string;
  query?: object;
  /** Sent as JSON, unless `contentType` says the body is already text (e.g. CSV). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Whether repeating the request after a failure that may have reached the service is harmless
   * (reads, updates, deletes, idempotent actions, start-call with its Idempotency-Key). Other
   * requests are retried only on 429, which the service answers before doing anything.
   */
  idempotent: boolean;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;
/** A Retry-After longer than this is not waited for: the error goes to the caller. */
const MAX_RETRY_WAIT_MS = 60_000;

type Attempt =
  { ok: true; response: Response; settle: () => void } | { ok: false; error: Error; retry: boolean; waitMs?: number };

/** Encodes path parameters: path`/api/core/voice/call/${id}`. */
export function path(strings: TemplateStringsArray, ...params: string[]): string {
  return strings.reduce((out, part, i) => out + part + (i < params.length ? encodeURIComponent(params[i]) : ''), '');
}

/** The transport: authentication, timeouts, retries with back-off, and errors as ApiError classes. */
export class HttpClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly fetch: typeof fetch;

  constructor(options: ClientOptions) {
    if (!options?.apiKey) throw new VoiceError('apiKey is required');
    if (!options.baseUrl) throw new VoiceError('baseUrl is required, e.g. https://voice.example.com');
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The parsed JSON answer (undefined for 204); the timeout covers reading the body too. */
  async json<T>(req: ApiRequest, options: RequestOptions = {}): Promise<T> {
    const { response, settle } = await this.send(req, options);
    try {
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (err) {
      throw failureOf(err, req, options);
    } finally {
      settle();
    }
  }

  /** The answer with its body unread (recordings, the event stream): the timeout covers the headers only. */
  async open(req: ApiRequest, options: RequestOptions = {}): Promise<Response> {
    const { response, settle } = await this.send(req, options);
    settle();
    return response;
  }

  private async send(req: ApiRequest, options: RequestOptions): Promise<{ response: Response; settle: () => void }> {
    const maxRetries = options.maxRetries ?? this.maxRetries;
    for (let retry = 0; ; retry++) {
      const attempt = await this.attempt(req, options);
      if (attempt.ok) return attempt;
      if (!attempt.retry || retry >= maxRetries) throw attempt.error;
      // Retry-After as the service asks (plus up to 10 %), otherwise exponential back-off with jitter.
      const waitMs =
        attempt.waitMs !== undefined
          ? attempt.waitMs * (1 + Math.random() * 0.1)
          : Math.min(BACKOFF_BASE_MS * 2 ** retry, BACKOFF_MAX_MS) * (0.5 + Math.random() / 2);
      if (waitMs > MAX_RETRY_WAIT_MS) throw attempt.error;
      await sleep(waitMs, options.signal);
    }
  }

  private async attempt(req: ApiRequest, options: RequestOptions): Promise<Attempt> {
    options.signal?.throwIfAborted();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const timer = new AbortController();
    const handle = setTimeout(
      () => timer.abort(new TimeoutError(`${req.method} ${req.path}: no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const settle = () => clearTimeout(handle);
    const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
    try {
      const response = await this.fetch(this.url(req), { ...this.init(req, options), signal });
      if (response.ok) return { ok: true, response, settle };
      const text = await response.text().catch(() => '');
      settle();
      const error = apiErrorFrom(response.status, parseJson(text), response.headers, text || response.statusText);
      const retry = response.status === 429 || (response.status >= 500 && req.idempotent);
      return { ok: false, error, retry, waitMs: retryAfterMs(response.headers) };
    } catch (err) {
      settle();
      return {
        ok: false,
        error: failureOf(timer.signal.aborted ? timer.signal.reason : err, req, options),
        retry: req.idempotent,
      };
    }
  }

  private url(req: ApiRequest): string {
    const url = new URL(this.baseUrl + req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value === undefined || value === null) continue;
      url.searchParams.set(name, value instanceof Date ? value.toISOString() : String(value));
    }
    return url.toString();
  }

  private init(req: ApiRequest, options: RequestOptions): RequestInit {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: 'application/json',
      'user-agent': `voicecalls-sdk/${SDK_VERSION} node/${process.versions.node}`,
      ...req.headers,
      ...options.headers,
    };
    if (req.body === undefined) return { method: req.method, headers };
    headers['content-type'] = req.contentType ?? 'application/json';
    return { method: req.method, headers, body: req.contentType ? String(req.body) : JSON.stringify(req.body) };
  }
}

/** What a thrown fetch or body read becomes: the caller's abort as is, otherwise a ConnectionError. */
function failureOf(err: unknown, req: ApiRequest, options: RequestOptions): Error {
  if (options.signal?.aborted) return options.signal.reason as Error;
  if (err instanceof VoiceError) return err;
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err);
  return new ConnectionError(`${req.method} ${req.path}: ${detail}`, { cause: err });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Waits, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
