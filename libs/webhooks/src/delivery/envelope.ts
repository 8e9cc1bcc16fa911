import { z } from 'zod';
import { contract, timestamp } from '@app/platform';
import { ALL_EVENT_NAMES, WEBHOOK_TEST_EVENT } from '@app/calls';

/** The envelope POSTed to webhooks (spec 2.6 / 6.3). */
export const WebhookEnvelope = contract(
  'WebhookEnvelope',
  z.object({
    event: z.enum([...ALL_EVENT_NAMES, WEBHOOK_TEST_EVENT]),
    deliveryId: z.string(),
    occurredAt: timestamp(),
    data: z
      .record(z.string(), z.unknown())
      .describe('callId, agentId, metadata, sequence and the event’s own fields (README "Events")'),
  }),
);
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

/** The envelope of a stored event, as every delivery of it carries it. */
export function envelopeOf(
  deliveryId: string,
  event: { type: string; occurredAt: Date; data: unknown },
): WebhookEnvelope {
  return {
    event: event.type as WebhookEnvelope['event'],
    deliveryId,
    occurredAt: event.occurredAt.toISOString(),
    data: event.data as Record<string, unknown>,
  };
}
