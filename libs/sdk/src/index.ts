export { VoiceClient } from './client.js';
export { SDK_VERSION, type ClientOptions, type RequestOptions } from './core/http.js';
export type { StreamOptions } from './core/event-stream.js';
export { CursorList, PagedList, type Page } from './core/paging.js';
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  GoneError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
  VoiceError,
  WebhookVerificationError,
  type VerificationFailure,
} from './core/errors.js';
export type { RecordingOptions, Recording, StartCallOptions } from './resources/calls.js';
export { isEvent, verifyWebhook, type HeadersLike, type VerifyOptions } from './webhooks/verify.js';
export type * from './types.js';
export type { components, operations, paths, webhooks } from './api-types.generated.js';
