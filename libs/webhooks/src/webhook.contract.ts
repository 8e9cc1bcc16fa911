import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Webhook } from '@app/db';
import { ALL_EVENT_NAMES } from '@app/calls';

/** The webhook record (spec 2.3 plus our fields); the signing secret only in the creation answer. */
export const WebhookRecord = contract(
  'WebhookRecord',
  z.object({
    webhookId: z.string(),
    url: z.string(),
    events: z.array(z.enum(ALL_EVENT_NAMES)),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type WebhookRecord = z.infer<typeof WebhookRecord>;

export const WebhookCreated = contract(
  'WebhookCreated',
  WebhookRecord.extend({
    secret: z.string().describe('Standard Webhooks signing secret, shown only here').meta({ example: 'whsec_…' }),
  }),
);
export const WebhookList = contract('WebhookList', listOf(WebhookRecord));

export function presentWebhook(w: Webhook): WebhookRecord {
  return {
    webhookId: w.id,
    url: w.url,
    events: w.events as WebhookRecord['events'],
    enabled: w.enabled,
    disabledReason: w.disabledReason,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}
