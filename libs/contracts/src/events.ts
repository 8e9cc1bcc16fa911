/** Event names of spec 6.2, in one place. The list may grow; receivers ignore unknown names. */
export const EVENT_NAMES = [
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'recording.ready',
  'transcript.ready',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** Fields every event's data carries, besides its own key fields (spec 6.2, 6.3). */
export interface EventDataBase {
  callId: string;
  agentId: string;
  metadata: Record<string, unknown> | null;
  /** Per-call order of events, starting at 1 with call.started. */
  sequence: number;
}

export interface CallStartedData extends EventDataBase {
  direction: 'outbound' | 'inbound';
  to: string;
  language: string;
}

/** The envelope POSTed to webhooks (spec 2.6 / 6.3). */
export interface WebhookEnvelope<D = Record<string, unknown>> {
  event: string;
  deliveryId: string;
  occurredAt: string;
  data: D;
}

/** The envelope of a stored event, as every delivery of it carries it. */
export function envelopeOf(deliveryId: string, event: { type: string; occurredAt: Date; data: unknown }): WebhookEnvelope {
  return { event: event.type, deliveryId, occurredAt: event.occurredAt.toISOString(), data: event.data as Record<string, unknown> };
}

/** Why a webhook stopped delivering (its disabledReason). */
export const DISABLED_REASONS = {
  apiKeyRevoked: 'The API key this webhook delivers with was revoked; update the webhook (PATCH) with a live key to resume.',
  gone: 'The endpoint answered 410 Gone; enable the webhook again (PATCH {"enabled": true}) once it accepts deliveries.',
  byApi: 'disabled by API',
  failing: (since: Date) => `Every delivery has failed since ${since.toISOString()}; fix the endpoint and enable the webhook again.`,
} as const;
