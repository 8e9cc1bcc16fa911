import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { type Agent, request } from 'undici';
import type { Call, PhoneNumber } from '@app/db';
import { MetricsService } from '@app/ops';
import { CALL_METADATA_MAX_BYTES } from '@app/calls';
import { AppConfig, isPlainObject, SecretBox } from '@app/platform';
import { isBlockedLiteral, outboundAgent } from '@app/platform/http';
import { readLimited, signedHeaders } from '@app/webhooks';

const RESPONSE_LIMIT = 64 * 1024;

/** What the number's server answered: an assistant (with metadata for the call), a refusal, or nothing usable. */
export type AssistantChoice = { agentId: string; metadata: object | null } | 'reject' | null;

/**
 * Asks a number's assistantRequestUrl which assistant takes a ringing inbound call (README
 * "Choosing the assistant per call"): signed like a webhook, through the same SSRF guard, bounded
 * by ASSISTANT_REQUEST_TIMEOUT_MS. Every failure answers null, and the caller falls back.
 */
@Injectable()
export class AssistantRequest implements OnApplicationShutdown {
  private readonly logger = new Logger(AssistantRequest.name);
  private readonly agent: Agent;

  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
    private readonly metrics: MetricsService,
  ) {
    this.agent = outboundAgent(config.WEBHOOK_ALLOW_PRIVATE_NETWORKS, config.ASSISTANT_REQUEST_TIMEOUT_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  /** The deliveryId of a call's assistant request: the same on every retry of it. */
  static deliveryIdOf(callId: string): string {
    return `dlv_${callId.slice(callId.indexOf('_') + 1)}`;
  }

  async ask(call: Call, number: PhoneNumber & { assistantRequestUrl: string }): Promise<AssistantChoice> {
    const id = AssistantRequest.deliveryIdOf(call.id);
    const body = JSON.stringify({
      event: 'assistant.request',
      deliveryId: id,
      occurredAt: call.createdAt.toISOString(),
      data: { callId: call.id, numberId: number.id, from: call.from, to: call.to },
    });
    const url = number.assistantRequestUrl;
    const outcome = (name: string, detail?: string) => {
      this.metrics.assistantRequests.inc({ outcome: name });
      this.logger.log({
        callId: call.id,
        numberId: number.id,
        outcome: name,
        detail,
        msg: `assistant request: ${name}`,
      });
    };
    if (!this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS && isBlockedLiteral(url)) {
      outcome('error', 'private or reserved address');
      return null;
    }
    try {
      const secret = this.secrets.open(number.assistantRequestSecretEnc);
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.agent,
        headers: signedHeaders({ id, body, secret }),
        body,
        maxRedirections: 0,
        signal: AbortSignal.timeout(this.config.ASSISTANT_REQUEST_TIMEOUT_MS),
      } as Parameters<typeof request>[1]);
      // A longer answer is cut, fails to parse and counts as unusable.
      const text = await readLimited(res.body, RESPONSE_LIMIT);
      if (res.statusCode < 200 || res.statusCode >= 300) {
        outcome('error', `HTTP ${res.statusCode}`);
        return null;
      }
      const choice = parseChoice(text);
      outcome(choice === null ? 'invalid' : choice === 'reject' ? 'rejected' : 'chosen');
      return choice;
    } catch (e) {
      const err = e as Error;
      const timeout = err.name === 'TimeoutError' || err.name === 'AbortError' || /timeout/i.test(err.name);
      outcome(timeout ? 'timeout' : 'error', err.message);
      return null;
    }
  }
}

/** `{agentId, metadata?}` or `{reject: true}`; anything else is not an answer. */
function parseChoice(text: string): AssistantChoice {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value)) return null;
  const { agentId, metadata, reject } = value;
  if (reject === true) return 'reject';
  if (typeof agentId !== 'string' || agentId.length === 0 || agentId.length > 128) return null;
  if (metadata === undefined || metadata === null) return { agentId, metadata: null };
  if (!isPlainObject(metadata) || Buffer.byteLength(JSON.stringify(metadata)) > CALL_METADATA_MAX_BYTES) return null;
  return { agentId, metadata };
}
