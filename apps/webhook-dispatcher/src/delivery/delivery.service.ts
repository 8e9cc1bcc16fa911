import { Injectable, Logger } from '@nestjs/common';
import { MetricsService } from '@app/ops';
import { AppConfig } from '@app/platform';
import {
  decideAfterAttempt,
  DISABLED_REASONS,
  envelopeOf,
  hasAttemptsLeft,
  WebhookDeliveriesRepository,
  WebhookSender,
  webhookHealthChange,
  type DeliveryForSend,
  type RetryPolicy,
} from '@app/webhooks';
import type { SendOutcome } from './endpoint-limiter';
import { WebhookCache } from './webhook-cache';

/** When to try again (null: nothing follows), and how the send went (null: nothing was sent). */
export interface AttemptResult {
  nextAttemptAt: Date | null;
  sent: SendOutcome;
}

const NOTHING: AttemptResult = { nextAttemptAt: null, sent: null };

/** One attempt of one delivery, recorded, with what follows from its outcome. */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger(DeliveryService.name);
  private readonly policy: RetryPolicy;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly webhooks: WebhookCache,
    private readonly metrics: MetricsService,
    config: AppConfig,
  ) {
    this.policy = {
      baseMs: config.WEBHOOK_BACKOFF_BASE_MS,
      maxMs: config.WEBHOOK_BACKOFF_MAX_MS,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER,
    };
  }

  /**
   * Sends the delivery if it is still pending; answers when to try again and how the send went,
   * which adapts the endpoint's concurrency. untriedOnly: only if nothing has tried it yet (a first
   * attempt made late, whose delivery the reconciler may have queued meanwhile: that job owns what
   * follows an attempt it made).
   */
  async attempt(deliveryId: string, requestId?: string, { untriedOnly = false } = {}): Promise<AttemptResult> {
    const d = await this.deliveries.findForSend(deliveryId);
    if (!d || d.status !== 'pending' || (untriedOnly && d.attemptCount > 0)) return NOTHING;
    return this.attemptOf(d, requestId);
  }

  /** The same for a delivery already read (or just created: a fan-out's first attempt). */
  async attemptOf(d: DeliveryForSend, requestId?: string): Promise<AttemptResult> {
    const webhook = await this.webhooks.get(d.webhookId);
    if (!webhook || webhook.deleted) {
      await this.deliveries.failDelivery(d.id, 'webhook deleted');
      return NOTHING;
    }
    // A disabled webhook keeps its deliveries pending; they resume when it is enabled again.
    if (!webhook.enabled) return NOTHING;
    if (webhook.keyRevoked) {
      await this.deliveries.disableWebhook(webhook.id, DISABLED_REASONS.apiKeyRevoked);
      this.webhooks.forget(webhook.id);
      return NOTHING;
    }
    if (!hasAttemptsLeft(d)) {
      await this.deliveries.failDelivery(d.id, 'attempts exhausted');
      return NOTHING;
    }

    const number = d.attemptCount + 1;
    const result = await this.sender.send({
      url: webhook.url,
      deliveryId: d.id,
      body: JSON.stringify(envelopeOf(d.id, { type: d.eventType, occurredAt: d.occurredAt, data: d.data })),
      secret: webhook.secret,
      apiKey: webhook.apiKey,
    });
    const outcome = decideAfterAttempt(result, { number, limit: d.attemptLimit }, webhook.failingSince, this.policy);
    const { startedAt, durationMs, statusCode, errorClass, responseBody } = result;
    const attempt = { number, startedAt, durationMs, statusCode, errorClass, responseBody };
    const change = webhookHealthChange(outcome, webhook.failingSince, startedAt);
    await this.deliveries.recordAttempt(d.id, webhook.id, attempt, outcome, change);
    // The webhook's health changed: read it afresh for the next delivery.
    const healthChanged = (outcome.kind === 'succeeded') === (webhook.failingSince !== null);
    if (healthChanged || 'disableWebhook' in outcome) this.webhooks.forget(webhook.id);
    this.metrics.deliveries.inc({ outcome: outcome.kind });
    this.metrics.attemptDuration.observe({ outcome: outcome.kind }, durationMs / 1000);
    if (result.ok) this.metrics.eventToDelivery.observe((Date.now() - d.occurredAt.getTime()) / 1000);
    this.logger.log({
      requestId,
      deliveryId: d.id,
      webhookId: webhook.id,
      callId: d.callId,
      event: d.event,
      attempt: number,
      outcome: outcome.kind,
      statusCode,
      errorClass,
      durationMs,
      msg: `delivery ${d.id} attempt ${number}: ${outcome.kind}`,
    });
    const sent = { ok: result.ok, durationMs };
    return { nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null, sent };
  }
}
