import { z } from 'zod';
import { contract, timestamp } from '@app/platform';
import type { CallEvent } from '@app/db';
import { ALL_EVENT_NAMES } from './event-data';

/** An event as the catch-up feed lists it. */
export const EventRecord = contract(
  'EventRecord',
  z.object({
    eventId: z.string(),
    event: z.enum(ALL_EVENT_NAMES),
    callId: z.string().nullable().describe('null for campaign events'),
    sequence: z.number().int().describe('Per call (or per campaign, for campaign events) from 1'),
    occurredAt: timestamp(),
    data: z.record(z.string(), z.unknown()),
  }),
);
export type EventRecord = z.infer<typeof EventRecord>;

export const EventList = contract(
  'EventList',
  z.object({
    total: z.number().int().describe('Events after the cursor matching the filters'),
    list: z.array(EventRecord),
  }),
);

export function presentEvent(e: CallEvent): EventRecord {
  return {
    eventId: e.id,
    event: e.type as EventRecord['event'],
    callId: e.callId,
    sequence: e.sequence,
    occurredAt: e.occurredAt.toISOString(),
    data: e.data as Record<string, unknown>,
  };
}
