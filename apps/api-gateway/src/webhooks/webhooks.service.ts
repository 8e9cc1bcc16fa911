import { Injectable } from '@nestjs/common';
import {
  ApiError,
  AppConfig,
  outboundUrlProblem,
  pageWindow,
  SecretBox,
  type ListEnvelope,
  type PageQuery,
} from '@app/platform';
import {
  generateWebhookSecret,
  presentWebhook,
  WebhooksRepository,
  type CreateWebhookDto,
  type UpdateWebhookDto,
  type WebhookRecord,
} from '@app/webhooks';
import { ApiKeysRepository } from '@app/workspaces';
import type { RequestAuth } from '../auth/auth.decorators';

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly secrets: SecretBox,
    private readonly config: AppConfig,
    private readonly keys: ApiKeysRepository,
  ) {}

  /**
   * The key deliveries carry as Bearer (spec 6.1): the registering key; for a person signed in to
   * the console, a viewer key of theirs made for the purpose (listed apart in the API keys area, and
   * revoking it or removing them disables the webhook as for any revoked key).
   */
  private async deliveryKey(auth: RequestAuth, url: string) {
    if (auth.rawKey !== null) return { apiKeyEnc: this.secrets.seal(auth.rawKey), apiKeyId: auth.keyId };
    const name = `Webhook deliveries to ${new URL(url).host}`.slice(0, 100);
    const { record, key } = await this.keys.createForPerson(
      auth.workspaceId,
      auth.accountId,
      name,
      'viewer',
      'webhook',
    );
    return { apiKeyEnc: this.secrets.seal(key), apiKeyId: record.id };
  }

  /** Returns the record plus its signing secret, shown this once. */
  async create(auth: RequestAuth, dto: CreateWebhookDto): Promise<WebhookRecord & { secret: string }> {
    await this.checkUrl(dto.url);
    const secret = generateWebhookSecret();
    const created = await this.webhooks.create(auth.workspaceId, {
      url: dto.url,
      events: unique(dto.events),
      secretEnc: this.secrets.seal(secret),
      ...(await this.deliveryKey(auth, dto.url)),
    });
    return { ...presentWebhook(created), secret };
  }

  async get(workspaceId: string, webhookId: string): Promise<WebhookRecord> {
    const found = await this.webhooks.find(workspaceId, webhookId);
    if (!found) throw ApiError.notFound('Webhook', webhookId);
    return presentWebhook(found);
  }

  async list(workspaceId: string, q: PageQuery): Promise<ListEnvelope<WebhookRecord>> {
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.webhooks.list(workspaceId, skip, take);
    return { total, list: list.map(presentWebhook) };
  }

  /** The updating key becomes the one deliveries carry as their Bearer token (a session changes nothing). */
  /** `resumed` when the webhook went from disabled to enabled: its pending deliveries go out again. */
  async update(
    auth: RequestAuth,
    webhookId: string,
    dto: UpdateWebhookDto,
  ): Promise<{ record: WebhookRecord; resumed: boolean }> {
    if (dto.url !== undefined) await this.checkUrl(dto.url);
    const updated = await this.webhooks.update(auth.workspaceId, webhookId, {
      url: dto.url,
      events: dto.events ? unique(dto.events) : undefined,
      enabled: dto.enabled,
      ...(auth.rawKey !== null ? { apiKeyEnc: this.secrets.seal(auth.rawKey), apiKeyId: auth.keyId } : {}),
    });
    if (!updated) throw ApiError.notFound('Webhook', webhookId);
    return { record: presentWebhook(updated.after), resumed: !updated.before.enabled && updated.after.enabled };
  }

  async remove(workspaceId: string, webhookId: string): Promise<void> {
    if (!(await this.webhooks.remove(workspaceId, webhookId))) throw ApiError.notFound('Webhook', webhookId);
  }

  private async checkUrl(url: string): Promise<void> {
    const problem = await outboundUrlProblem(url, {
      allowHttp: this.config.WEBHOOK_ALLOW_HTTP,
      allowPrivateNetworks: this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    });
    if (problem) throw ApiError.unprocessable(problem);
  }
}

const unique = (events: string[]) => [...new Set(events)];
