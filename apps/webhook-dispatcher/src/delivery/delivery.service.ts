import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, WebhookSender } from '@app/common';
import { DISABLED_REASONS, envelopeOf } from '@app/contracts';
import { MetricsService, WebhookDeliveriesRepository, type AttemptOutcome } from '@app/db';
import { retryDelayMs } from './backoff';
import { WebhookCache } from './webhook-cache';

export type DeliveryResult = { kind: 'done' } | { kind: 'retry'; delayMs: number; reason: string };

/** One attempt of one delivery, recorded, with what follows from its outcome. */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger(DeliveryService.name);

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly webhooks: WebhookCache,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async attempt(deliveryId: string, requestId?: string): Promise<DeliveryResult> {
    const d = await this.deliveries.findForSend(deliveryId);
    if (!d || d.status !== 'pending') return { kind: 'done' };
    const webhook = await this.webhooks.get(d.webhookId);
    if (!webhook || webhook.deleted) {
      await this.deliveries.failDelivery(d.id, 'webhook deleted');
      return { kind: 'done' };
    }
    // A disabled webhook keeps its deliveries pending; they resume when it is enabled again.
    if (!webhook.enabled) return { kind: 'done' };
    if (webhook.keyRevoked) {
      await this.deliveries.disableWebhook(webhook.id, DISABLED_REASONS.apiKeyRevoked);
      this.webhooks.forget(webhook.id);
      return { kind: 'done' };
    }
    if (d.attemptCount >= d.attemptLimit) {
      await this.deliveries.failDelivery(d.id, 'attempts exhausted');
      return { kind: 'done' };
    }

    const number = d.attemptCount + 1;
    const result = await this.sender.send({
      url: webhook.url,
      deliveryId: d.id,
      body: JSON.stringify(envelopeOf(d.id, { type: d.eventType, occurredAt: d.occurredAt, data: d.data })),
      secret: webhook.secret,
      apiKey: webhook.apiKey,
    });

    let outcome: AttemptOutcome;
    let retry: DeliveryResult = { kind: 'done' };
    const failingSince = webhook.failingSince ?? result.startedAt;
    const failingTooLong = Date.now() - failingSince.getTime() >= this.config.WEBHOOK_DISABLE_AFTER;
    if (result.ok) {
      outcome = { kind: 'succeeded' };
    } else if (result.statusCode === 410) {
      outcome = { kind: 'gone', disableWebhook: DISABLED_REASONS.gone };
    } else if (number >= d.attemptLimit) {
      outcome = { kind: 'failed', disableWebhook: failingTooLong ? DISABLED_REASONS.failing(failingSince) : undefined };
    } else if (failingTooLong) {
      // The webhook is disabled; this delivery stays pending and resumes when it is enabled again.
      outcome = { kind: 'retry', nextAttemptAt: null, disableWebhook: DISABLED_REASONS.failing(failingSince) };
    } else {
      const delayMs = retryDelayMs(number, this.config.WEBHOOK_BACKOFF_BASE_MS, this.config.WEBHOOK_BACKOFF_MAX_MS, result.retryAfterMs);
      outcome = { kind: 'retry', nextAttemptAt: new Date(Date.now() + delayMs) };
      retry = { kind: 'retry', delayMs, reason: `${result.errorClass}${result.statusCode ? ` ${result.statusCode}` : ''}` };
    }
    await this.deliveries.recordAttempt(d.id, webhook.id, {
      number,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      errorClass: result.errorClass,
      responseBody: result.responseBody,
    }, outcome, webhook.failingSince);
    // The webhook's health changed: read it afresh for the next delivery.
    if ((outcome.kind === 'succeeded') === (webhook.failingSince !== null) || 'disableWebhook' in outcome) this.webhooks.forget(webhook.id);
    this.metrics.deliveries.inc({ outcome: outcome.kind });
    this.metrics.attemptDuration.observe({ outcome: outcome.kind }, result.durationMs / 1000);
    if (result.ok) this.metrics.eventToDelivery.observe((Date.now() - d.occurredAt.getTime()) / 1000);
    this.logger.log({
      requestId, deliveryId: d.id, webhookId: webhook.id, callId: d.callId, event: d.event, attempt: number,
      outcome: outcome.kind, statusCode: result.statusCode, errorClass: result.errorClass, durationMs: result.durationMs,
      msg: `delivery ${d.id} attempt ${number}: ${outcome.kind}`,
    });
    return retry;
  }
}
