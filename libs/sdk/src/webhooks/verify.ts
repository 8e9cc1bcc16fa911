import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from '../core/errors.js';
import type { KnownWebhookEvent, WebhookEvent, WebhookEventName } from '../types.js';

/** Node's req.headers, a fetch Headers, or any name → value map (names in any case). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** The webhook's signing secret (whsec_…), shown when it was created or its secret rotated. */
  secret: string;
  /** When given, the delivery's `Authorization: Bearer` must carry this key (spec 6.1). */
  apiKey?: string;
  /** How far webhook-timestamp may be from now, against replays. Default 300 s. */
  toleranceSec?: number;
  /** The time to check the timestamp against (tests). */
  now?: Date;
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(' ') : value;
}

function sameText(a: string, b: string): boolean {
  // hashes first, so the comparison takes the same time whatever the lengths
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * Checks a delivery as Standard Webhooks define it — v1 = base64(HMAC-SHA256(secret,
 * `${webhook-id}.${webhook-timestamp}.${body}`)) — within the timestamp tolerance, and the Bearer
 * key when `apiKey` is given. Returns the event as sent (unknown events and fields untouched);
 * throws WebhookVerificationError otherwise. Pass the raw body: re-serialised JSON will not match.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeadersLike,
  options: VerifyOptions,
): WebhookEvent {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new WebhookVerificationError('usage', 'Pass the raw request body (string or Buffer), not parsed JSON');
  }
  if (!options?.secret) throw new WebhookVerificationError('usage', 'The webhook secret (whsec_…) is required');
  if (options.apiKey !== undefined && !sameText(header(headers, 'authorization') ?? '', `Bearer ${options.apiKey}`)) {
    throw new WebhookVerificationError('api-key', 'Authorization does not carry your API key');
  }
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('headers', 'Missing webhook-id, webhook-timestamp or webhook-signature');
  }
  if (!/^\d+$/.test(timestamp))
    throw new WebhookVerificationError('timestamp', 'webhook-timestamp is not Unix seconds');
  const nowSec = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(nowSec - Number(timestamp)) > (options.toleranceSec ?? 300)) {
    throw new WebhookVerificationError(
      'timestamp',
      'webhook-timestamp is outside the tolerance (a replay, or a clock far off)',
    );
  }
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  const key = Buffer.from(options.secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    const given = version === 'v1' && value ? Buffer.from(value, 'base64') : undefined;
    return given?.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('signature', 'No webhook-signature matches the secret');
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('body', 'The body is not JSON');
  }
  if (!event || typeof event !== 'object' || typeof (event as { event?: unknown }).event !== 'string') {
    throw new WebhookVerificationError(
      'body',
      'The body is not a webhook envelope {event, deliveryId, occurredAt, data}',
    );
  }
  return event as WebhookEvent;
}

/** Narrows a verified event to one event name's type: `if (isEvent(e, 'call.completed')) e.data.durationSec`. */
export function isEvent<Name extends WebhookEventName>(
  event: WebhookEvent,
  name: Name,
): event is Extract<KnownWebhookEvent, { event: Name }> {
  return event.event === name;
}
