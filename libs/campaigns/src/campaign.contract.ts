import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Campaign, CampaignRecipient } from '@app/db';
import type { OutcomeCounts } from './recipient-counts';
import { RECIPIENT_OUTCOMES, RETRYABLE, WEEKDAYS, type CallingWindow, type RecipientRetry } from './campaign-rules';

export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;

/** A campaign with its recipients counted by outcome (README "Campaigns"). */
export const CampaignRecord = contract(
  'CampaignRecord',
  z.object({
    campaignId: z.string().meta({ example: 'cmp_01j9z8x7c6v5b4n3m2k1h0g9f8' }),
    name: z.string(),
    agentId: z.string(),
    from: z.string().nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    schedule: z.object({
      startAt: timestamp().nullable(),
      timezone: z.string(),
      window: z.object({ days: z.array(z.enum(WEEKDAYS)), start: z.string(), end: z.string() }).nullable(),
    }),
    maxConcurrency: z.number().int(),
    callsPerMinute: z.number().int().nullable(),
    retry: z
      .object({ on: z.array(z.enum(RETRYABLE)), maxAttempts: z.number().int(), delaySec: z.number().int() })
      .nullable(),
    counts: z
      .record(z.enum(RECIPIENT_OUTCOMES), z.number().int())
      .describe('Recipients per outcome, every outcome present'),
    total: z.number().int().describe('Recipients'),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    startedAt: timestamp().nullable(),
    endedAt: timestamp().nullable(),
  }),
);
export type CampaignRecord = z.infer<typeof CampaignRecord>;

export const CampaignCreated = contract(
  'CampaignCreated',
  CampaignRecord.extend({
    duplicates: z.array(z.string()).describe('Numbers given more than once, collapsed onto their first row'),
  }),
);
export const CampaignList = contract('CampaignList', listOf(CampaignRecord));
export const RecipientsAdded = contract(
  'RecipientsAdded',
  z.object({
    added: z.number().int(),
    duplicates: z.array(z.string()).describe('Numbers given twice or already in the campaign'),
  }),
);

export const RecipientRecord = contract(
  'RecipientRecord',
  z.object({
    recipientId: z.string(),
    to: z.string(),
    timezone: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    outcome: z.enum(RECIPIENT_OUTCOMES),
    attempts: z.number().int(),
    callIds: z.array(z.string()),
    nextAttemptAt: timestamp().nullable(),
    updatedAt: timestamp(),
  }),
);
export const RecipientList = contract('RecipientList', listOf(RecipientRecord));

export function presentCampaign(c: Campaign, counts: OutcomeCounts): CampaignRecord {
  return {
    campaignId: c.id,
    name: c.name,
    agentId: c.assistantId,
    from: c.from,
    status: c.status,
    schedule: {
      startAt: c.startAt?.toISOString() ?? null,
      timezone: c.timezone,
      window: (c.window as CallingWindow | null) ?? null,
    },
    maxConcurrency: c.maxConcurrency,
    callsPerMinute: c.callsPerMinute,
    retry: (c.retry as RecipientRetry | null) ?? null,
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    startedAt: c.startedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
  };
}

export function presentRecipient(r: CampaignRecipient) {
  return {
    recipientId: r.id,
    to: r.to,
    timezone: r.timezone,
    metadata: (r.metadata as Record<string, unknown> | null) ?? null,
    outcome: r.outcome as (typeof RECIPIENT_OUTCOMES)[number],
    attempts: r.attempts,
    callIds: r.callIds,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}
