import type { Webhook } from '@app/db';

/** The webhook record; the signing secret is added only in the creation answer. */
export function presentWebhook(w: Webhook) {
  return {
    webhookId: w.id,
    url: w.url,
    events: w.events,
    enabled: w.enabled,
    disabledReason: w.disabledReason,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export type WebhookRecord = ReturnType<typeof presentWebhook>;
