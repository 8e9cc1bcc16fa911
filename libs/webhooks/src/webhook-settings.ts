import { randomBytes } from 'node:crypto';

/** Webhook signing secrets, Standard Webhooks style: whsec_ + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}

/** Why a webhook stopped delivering (its disabledReason). */
export const DISABLED_REASONS = {
  apiKeyRevoked:
    'The API key this webhook delivers with was revoked; update the webhook (PATCH) with a live key to resume.',
  gone:
    'The endpoint answered 410 Gone; enable the webhook again (PATCH {"enabled": true}) once it accepts ' +
    'deliveries.',
  byApi: 'disabled by API',
  failing: (since: Date) =>
    `Every delivery has failed since ${since.toISOString()}; fix the endpoint and enable the webhook again.`,
} as const;
