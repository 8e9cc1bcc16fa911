import { path, type HttpClient, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type {
  CreateWebhookParams,
  Delivery,
  DeliveryDetail,
  ListDeliveriesParams,
  PageParams,
  RecoverDeliveriesParams,
  RecoverResult,
  TestDeliveryResult,
  UpdateWebhookParams,
  Webhook,
  WebhookCreated,
  WebhookEvent,
} from '../types.js';
import { verifyWebhook, type HeadersLike, type VerifyOptions } from '../webhooks/verify.js';

/** The delivery log of one webhook: what was sent, each attempt, and sending again. */
export class Deliveries extends Resource {
  list(
    webhookId: string,
    params: Omit<ListDeliveriesParams, 'page'> = {},
    options?: RequestOptions,
  ): PagedList<Delivery> {
    return this.paged(path`/api/core/webhook/${webhookId}/deliveries`, params, options);
  }

  /** One delivery with its attempts. */
  get(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<DeliveryDetail> {
    return this.httpGet(path`/api/core/webhook/${webhookId}/deliveries/${deliveryId}`, undefined, options);
  }

  /** Sends the delivery again now (same deliveryId: receivers de-duplicate). */
  retry(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<DeliveryDetail> {
    return this.httpPost(path`/api/core/webhook/${webhookId}/deliveries/${deliveryId}/retry`, undefined, true, options);
  }
}

export class Webhooks extends Resource {
  readonly deliveries: Deliveries;

  constructor(http: HttpClient) {
    super(http);
    this.deliveries = new Deliveries(http);
  }

  /** The answer holds the signing `secret` (whsec_…): keep it for `verify`. */
  create(params: CreateWebhookParams, options?: RequestOptions): Promise<WebhookCreated> {
    return this.httpPost('/api/core/webhook', params, false, options);
  }

  get(webhookId: string, options?: RequestOptions): Promise<Webhook> {
    return this.httpGet(path`/api/core/webhook/${webhookId}`, undefined, options);
  }

  list(params: PageParams = {}, options?: RequestOptions): PagedList<Webhook> {
    return this.paged('/api/core/webhook/list', params, options);
  }

  update(webhookId: string, params: UpdateWebhookParams, options?: RequestOptions): Promise<Webhook> {
    return this.httpPatch(path`/api/core/webhook/${webhookId}`, params, options);
  }

  delete(webhookId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/webhook/${webhookId}`, options);
  }

  /** Sends again every delivery of a window that did not succeed (after your receiver's downtime). */
  recover(webhookId: string, params: RecoverDeliveriesParams, options?: RequestOptions): Promise<RecoverResult> {
    return this.httpPost(path`/api/core/webhook/${webhookId}/recover`, params, true, options);
  }

  /** Sends a signed test event to the webhook now and reports what it answered. */
  test(webhookId: string, options?: RequestOptions): Promise<TestDeliveryResult> {
    return this.httpPost(path`/api/core/webhook/${webhookId}/test`, undefined, false, options);
  }

  /** Checks a delivery's signature (and Bearer key when `apiKey` is given); see verifyWebhook. */
  verify(rawBody: string | Uint8Array, headers: HeadersLike, options: VerifyOptions): WebhookEvent {
    return verifyWebhook(rawBody, headers, options);
  }
}
