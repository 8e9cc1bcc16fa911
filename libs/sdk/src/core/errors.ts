/** Every error the SDK throws is a VoiceError; answers of the service are ApiErrors. */
export class VoiceError extends Error {
  override name = 'VoiceError';
}

/** The service answered with a non-2xx status and its error body {code, message}. */
export class ApiError extends VoiceError {
  override name = 'ApiError';
  constructor(
    /** The HTTP status (the body's `code` is the same number). */
    readonly status: number,
    message: string,
    /** X-Request-Id of the request: quote it when asking for support. */
    readonly requestId: string | undefined,
    /** The parsed error body, unknown fields included. */
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(message);
  }

  /** The body's `code`: equal to the HTTP status. */
  get code(): number {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'number' ? code : this.status;
  }
}

/** 400 and 422: the request was malformed or carried invalid values; repeating it will not help. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
}
/** 401: the API key is missing, wrong or revoked. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: the key's role may not do this. */
export class PermissionError extends ApiError {
  override name = 'PermissionError';
}
/** 404: unknown id (or another workspace's). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the resource's state blocks the action; re-read it. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 410: removed for good, e.g. a transcript or recording past the workspace's retention. */
export class GoneError extends ApiError {
  override name = 'GoneError';
}
/** 429: too many requests (or too many live calls); wait retryAfterMs. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /** From the Retry-After header, when the service sent one. */
  get retryAfterMs(): number | undefined {
    return retryAfterMs(this.headers);
  }
}
/** 5xx: a temporary problem on the service's side. */
export class ServerError extends ApiError {
  override name = 'ServerError';
  get retryAfterMs(): number | undefined {
    return retryAfterMs(this.headers);
  }
}

/** No answer: the connection failed or broke before a response arrived. */
export class ConnectionError extends VoiceError {
  override name = 'ConnectionError';
}
/** No answer within timeoutMs. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}

/** What was wrong with a delivery: a wrong Bearer key may be discarded with a 2xx (spec 6.1), the rest refused. */
export type VerificationFailure = 'api-key' | 'headers' | 'timestamp' | 'signature' | 'body' | 'usage';

/** A webhook delivery whose signature, timestamp, Bearer key or body did not check out. */
export class WebhookVerificationError extends VoiceError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: VerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

const CLASS_OF_STATUS: Record<number, typeof ApiError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  410: GoneError,
  422: ValidationError,
  429: RateLimitError,
};

/** The ApiError subclass for a response's status. */
export function apiErrorFrom(status: number, body: unknown, headers: Headers, fallbackMessage: string): ApiError {
  const Class = CLASS_OF_STATUS[status] ?? (status >= 500 ? ServerError : ApiError);
  const fields = (body && typeof body === 'object' ? body : {}) as { message?: unknown; requestId?: unknown };
  const message = typeof fields.message === 'string' ? fields.message : fallbackMessage;
  const requestId =
    typeof fields.requestId === 'string' ? fields.requestId : (headers.get('x-request-id') ?? undefined);
  return new Class(status, message, requestId, body, headers);
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
