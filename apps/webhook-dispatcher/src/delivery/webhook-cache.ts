import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SecretBox } from '@app/platform';
import { WebhookDeliveriesRepository } from '@app/webhooks';

export interface WebhookForSend {
  id: string;
  url: string;
  enabled: boolean;
  deleted: boolean;
  failingSince: Date | null;
  keyRevoked: boolean;
  secret: string;
  apiKey: string;
}

/** How long a webhook's settings are reused between deliveries: changes apply within this. */
const TTL_MS = 1000;

/**
 * Webhook settings (decrypted) for the deliveries of the next second: a burst to one endpoint
 * reads and decrypts its webhook once, not once per delivery.
 */
@Injectable()
export class WebhookCache {
  private readonly entries = new LRUCache<string, { value: WebhookForSend | null }>({ max: 10_000, ttl: TTL_MS });

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly secrets: SecretBox,
  ) {}

  /** Cached settings; a webhook seen disabled or with a revoked key is always read afresh. */
  async get(webhookId: string): Promise<WebhookForSend | null> {
    const hit = this.entries.get(webhookId)?.value;
    if (hit?.enabled && !hit.keyRevoked) return hit;
    const w = await this.deliveries.findWebhookForSend(webhookId);
    const value = w && {
      id: w.id,
      url: w.url,
      enabled: w.enabled,
      deleted: w.deletedAt !== null,
      failingSince: w.failingSince,
      // A removed member's keys count as revoked.
      keyRevoked: w.apiKey.revokedAt !== null || w.apiKey.account.removedAt !== null,
      secret: this.secrets.open(w.secretEnc),
      apiKey: this.secrets.open(w.apiKeyEnc),
    };
    this.entries.set(webhookId, { value });
    return value;
  }

  /** After this process changed the webhook's health, read it afresh next time. */
  forget(webhookId: string): void {
    this.entries.delete(webhookId);
  }
}
