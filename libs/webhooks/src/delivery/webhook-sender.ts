import { createHmac } from 'node:crypto';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { type Agent, errors, request } from 'undici';
import { AppConfig } from '@app/platform';
import { isBlockedLiteral, outboundAgent } from '@app/platform/http';
import type { ErrorClass } from './delivery.contract';

export const USER_AGENT = 'VoiceCallingService-Webhooks/1.0';
const RESPONSE_BODY_LIMIT = 4096;

export interface OutgoingWebhook {
  url: string;
  deliveryId: string;
  /** The exact JSON text that is sent and signed. */
  body: string;
  /** whsec_… secret of the webhook (Standard Webhooks). */
  secret: string;
  /** API key sent as the Bearer token (spec 6.1). */
  apiKey: string;
}

/**
 * Standard Webhooks' v1 signature: base64(HMAC-SHA256(key, `${id}.${unix seconds}.${body}`)), the key being the
 * secret's base64 after `whsec_`. Node's HMAC, not the reference library's (a SHA-256 in JavaScript, and the secret
 * decoded again for each message): 12 µs → 4 µs a delivery, the same signature (webhook-sender.spec.ts).
 */
export function standardSignature(secret: string, id: string, at: Date, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const seconds = Math.floor(at.getTime() / 1000);
  return `v1,${createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64')}`;
}

/**
 * Standard Webhooks headers of a signed request: webhook deliveries and the assistant requests of
 * numbers alike (the receiver verifies both the same way).
 */
export function signedHeaders(
  m: { id: string; body: string; secret: string },
  at = new Date(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': m.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': standardSignature(m.secret, m.id, at, m.body),
  };
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  errorClass: ErrorClass | null;
  /** First 4 KB of the response body, or the error text. */
  responseBody: string | null;
  /** From a Retry-After header, when one was sent. */
  retryAfterMs: number | null;
  startedAt: Date;
}

/**
 * Sends one webhook request: signed with Standard Webhooks headers, the Bearer key, no redirects
 * followed, bounded in time, and never to a private address unless configured (the address is
 * checked after DNS resolution, at connect time, so a name cannot be re-pointed at a private host).
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;
  private readonly allowPrivate: boolean;
  private readonly timeoutMs: number;

  constructor(config: AppConfig) {
    this.allowPrivate = config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    this.timeoutMs = config.WEBHOOK_TIMEOUT_MS;
    this.agent = outboundAgent(this.allowPrivate, this.timeoutMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  headersFor(w: OutgoingWebhook, at = new Date()): Record<string, string> {
    return {
      ...signedHeaders({ id: w.deliveryId, body: w.body, secret: w.secret }, at),
      authorization: `Bearer ${w.apiKey}`,
    };
  }

  async send(w: OutgoingWebhook): Promise<SendResult> {
    const startedAt = new Date();
    const t0 = performance.now();
    const done = (r: Omit<SendResult, 'durationMs' | 'startedAt'>): SendResult => ({
      ...r,
      startedAt,
      durationMs: Math.round(performance.now() - t0),
    });
    if (!this.allowPrivate && isBlockedLiteral(w.url)) {
      return done({
        ok: false,
        statusCode: null,
        errorClass: 'blocked',
        responseBody: `refused: ${new URL(w.url).hostname} is a private or reserved address`,
        retryAfterMs: null,
      });
    }
    try {
      const res = await request(w.url, {
        method: 'POST',
        dispatcher: this.agent,
        headers: this.headersFor(w, startedAt),
        body: w.body,
        maxRedirections: 0,
        signal: AbortSignal.timeout(this.timeoutMs),
      } as Parameters<typeof request>[1]);
      const responseBody = await readLimited(res.body);
      const status = res.statusCode;
      const ok = status >= 200 && status < 300;
      return done({
        ok,
        statusCode: status,
        errorClass: ok ? null : status >= 300 && status < 400 ? 'redirect' : 'http-status',
        responseBody,
        retryAfterMs: parseRetryAfter(res.headers['retry-after']),
      });
    } catch (e) {
      return done({
        ok: false,
        statusCode: null,
        errorClass: classify(e),
        responseBody: String((e as Error).message).slice(0, RESPONSE_BODY_LIMIT),
        retryAfterMs: null,
      });
    }
  }
}

/** The first `limit` bytes of a response body as text; the rest is not read. */
export async function readLimited(
  body: AsyncIterable<Buffer> & { destroy(): void },
  limit = RESPONSE_BODY_LIMIT,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function parseRetryAfter(value: string | string[] | undefined): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function classify(e: unknown): ErrorClass {
  const err = e as { code?: string; name?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (code === 'EBLOCKED') return 'blocked';
  if (
    e instanceof errors.HeadersTimeoutError ||
    e instanceof errors.BodyTimeoutError ||
    e instanceof errors.ConnectTimeoutError
  )
    return 'timeout';
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timeout';
  if (code === 'ECONNREFUSED') return 'connection-refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'connection-reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO') return 'tls';
  return 'network';
}
