import { Injectable } from '@nestjs/common';
import { ApiError, AppConfig, deliveryIdFor, newId, pageWindow, SecretBox, UNSAFE_TEXT } from '@app/platform';
import { WEBHOOK_TEST_EVENT } from '@app/calls';
import {
  DeliveryQueue,
  presentDelivery,
  presentDeliveryDetail,
  DeliveryLogRepository,
  WebhookSender,
  WebhooksRepository,
  type DeliveryListQuery,
} from '@app/webhooks';

/** The delivery log of a webhook: read, retry, recover, and a test send. */
/** What a test send shows of the answer: the start of a 2xx body, printable text only. */
export const TEST_SNIPPET_CHARS = 200;
const testSnippet = (body: string | null) =>
  body === null ? null : body.replace(new RegExp(UNSAFE_TEXT.source, 'g'), ' ').slice(0, TEST_SNIPPET_CHARS);

@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: DeliveryLogRepository,
    private readonly queue: DeliveryQueue,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly config: AppConfig,
  ) {}

  async list(workspaceId: string, webhookId: string, q: DeliveryListQuery) {
    await this.webhookOrThrow(workspaceId, webhookId);
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.deliveries.list(
      workspaceId,
      webhookId,
      { status: q.status, event: q.event },
      skip,
      take,
    );
    return { total, list: list.map(presentDelivery) };
  }

  async get(workspaceId: string, webhookId: string, deliveryId: string) {
    const d = await this.deliveries.find(workspaceId, webhookId, deliveryId);
    if (!d) throw ApiError.notFound('Delivery', deliveryId);
    return presentDeliveryDetail(d);
  }

  /** Sends the delivery again under the same deliveryId, with a new round of attempts. */
  async retry(workspaceId: string, webhookId: string, deliveryId: string) {
    const replayed = await this.deliveries.replay(
      workspaceId,
      webhookId,
      { deliveryId },
      this.config.WEBHOOK_MAX_ATTEMPTS,
    );
    if (replayed.length === 0) throw ApiError.notFound('Delivery', deliveryId);
    // The answer is the delivery as the retry left it (pending, a new round), read before its send is queued: read
    // after, it was whatever a fast dispatcher had made of it meanwhile (once "succeeded" under a 202).
    const accepted = await this.get(workspaceId, webhookId, deliveryId);
    await this.queue.enqueue(replayed);
    return accepted;
  }

  /** Re-queues every failed delivery of the webhook created since the given time. */
  async recover(workspaceId: string, webhookId: string, since: Date) {
    await this.webhookOrThrow(workspaceId, webhookId);
    const replayed = await this.deliveries.replay(
      workspaceId,
      webhookId,
      { failedSince: since },
      this.config.WEBHOOK_MAX_ATTEMPTS,
    );
    await this.queue.enqueue(replayed);
    return { recovered: replayed.length, deliveryIds: replayed.map((d) => d.id) };
  }

  /** Resumes pending deliveries of a webhook that was just enabled again. */
  async resume(webhookId: string): Promise<void> {
    await this.queue.enqueue(await this.deliveries.resumePendingOf(webhookId));
  }

  /**
   * Sends a webhook.test event now, once, and answers with the attempt's outcome; the send is
   * then in the delivery log like any delivery (its event is never in the event feed).
   */
  async test(workspaceId: string, webhookId: string) {
    const webhook = await this.webhooks.find(workspaceId, webhookId);
    if (!webhook) throw ApiError.notFound('Webhook', webhookId);
    const at = new Date();
    const eventId = newId('event');
    const deliveryId = deliveryIdFor(eventId, webhookId);
    const data = {
      webhookId,
      message: 'Test delivery from the voice calling service. Reply 2xx to confirm the endpoint works.',
    };
    const body = JSON.stringify({ event: WEBHOOK_TEST_EVENT, deliveryId, occurredAt: at.toISOString(), data });
    const r = await this.sender.send({
      url: webhook.url,
      deliveryId,
      body,
      secret: this.secrets.open(webhook.secretEnc),
      apiKey: this.secrets.open(webhook.apiKeyEnc),
    });
    await this.deliveries.recordTest({ workspaceId, webhookId, eventId, deliveryId, at }, data, r);
    return {
      deliveryId,
      success: r.ok,
      statusCode: r.statusCode,
      durationMs: r.durationMs,
      errorClass: r.errorClass,
      responseBody: r.ok ? testSnippet(r.responseBody) : null,
    };
  }

  private async webhookOrThrow(workspaceId: string, webhookId: string) {
    const webhook = await this.webhooks.find(workspaceId, webhookId);
    if (!webhook) throw ApiError.notFound('Webhook', webhookId);
    return webhook;
  }
}
