import { z } from 'zod';
import { contract, timestamp } from '@app/platform';
import { ANSWERED_BY, DIRECTIONS, ENDED_REASONS } from '../call-status';
import { CallAnalysis } from './call-analysis';

/** Event names of spec 6.2, in one place. The list may grow; receivers ignore unknown names. */
export const EVENT_NAMES = [
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'recording.ready',
  'transcript.ready',
  'call.transferred',
  'analysis.ready',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Events of a campaign (README "Campaigns"); they carry no call. */
export const CAMPAIGN_EVENT_NAMES = ['campaign.started', 'campaign.paused', 'campaign.completed'] as const;
export type CampaignEventName = (typeof CAMPAIGN_EVENT_NAMES)[number];
/** Every event a webhook may subscribe to. */
export const ALL_EVENT_NAMES = [...EVENT_NAMES, ...CAMPAIGN_EVENT_NAMES] as const;

/**
 * A webhook's test send ("Send test"): stored as an event of no call so its delivery is in the
 * delivery log like any other, but never in the event feed and never fanned out to other webhooks.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The data of every campaign event. */
export const CampaignEventData = contract(
  'CampaignEventData',
  z
    .object({
      campaignId: z.string(),
      name: z.string(),
      status: z.string().describe('The campaign status the event announces (completed or cancelled at the end)'),
      resumed: z.boolean().optional().describe('campaign.started after a pause'),
      counts: z.record(z.string(), z.number().int()).describe('Recipients per outcome at that moment'),
      sequence: z.number().int().describe('Per-campaign order of its events, from 1'),
    })
    .describe('A campaign started (or resumed), paused, or ended'),
);
export type CampaignEventData = z.infer<typeof CampaignEventData>;

/** Fields every event's data carries, besides its own key fields (spec 6.2, 6.3). */
const base = {
  callId: z.string(),
  agentId: z
    .string()
    .nullable()
    .describe('null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed)'),
  direction: z.enum(DIRECTIONS),
  from: z.string().nullable().describe('Caller ID (E.164); null on an outbound call from a workspace without numbers'),
  to: z.string().describe('The number called (E.164)'),
  campaignId: z.string().nullable().describe('The campaign that placed the call; null for other calls'),
  metadata: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('Echo of the metadata given when the call was started'),
  sequence: z.number().int().describe('Per-call order of events, from 1 with call.started'),
};
const eventData = (id: string, description: string, own: z.ZodRawShape) =>
  contract(id, z.object({ ...base, ...own }).describe(description));

/** The data of each event (README "Events"): one declaration for the engine, the docs and the SDK. */
export const EVENT_DATA = {
  'call.started': eventData('CallStartedData', 'A call was placed or received', {
    language: z.string(),
  }),
  'call.connected': eventData('CallConnectedData', 'The call connected and audio began', {
    connectedAt: timestamp(),
  }),
  'call.completed': eventData('CallCompletedData', 'The call finished normally', {
    durationSec: z.number().int(),
    endedReason: z.enum(ENDED_REASONS),
    language: z.string(),
    answeredBy: z
      .enum(ANSWERED_BY)
      .nullable()
      .describe('Who picked up, when the assistant detects voicemail; null otherwise'),
  }),
  'call.failed': eventData('CallFailedData', 'The call could not connect (no-answer, busy, unreachable) or errored', {
    endedReason: z.enum(ENDED_REASONS),
    stage: z.enum(['ringing', 'in-progress']),
    durationSec: z.number().int(),
  }),
  'recording.ready': eventData('RecordingReadyData', 'The recording is stored', {
    recordingId: z.string(),
    durationSec: z.number().int(),
  }),
  'transcript.ready': eventData('TranscriptReadyData', 'The transcript is stored', { transcriptId: z.string() }),
  'call.transferred': eventData(
    'CallTransferredData',
    'A blind transfer of the connected call was tried: transferred (call.completed with endedReason transferred ' +
      'follows) or failed (the call goes on)',
    {
      transferTo: z.string().describe('Where the far end was sent (E.164)'),
      outcome: z.enum(['transferred', 'failed']),
      sipStatus: z.number().int().nullable().describe("The far end's answer to our REFER (SIP calls)"),
    },
  ),
  'analysis.ready': eventData(
    'AnalysisReadyData',
    'The post-call analysis is stored (assistants with a model brain and an analysis setting)',
    { analysis: CallAnalysis },
  ),
} satisfies Record<EventName, z.ZodType>;

export type EventData<E extends EventName> = z.infer<(typeof EVENT_DATA)[E]>;
/** What an event adds to the fields every event carries. */
export type OwnEventData<E extends EventName> = Omit<EventData<E>, keyof typeof base>;

/** The fields of a call every event's data is built from. */
export interface EventCall {
  id: string;
  assistantId: string | null;
  metadata: unknown;
  direction: (typeof DIRECTIONS)[number];
  from: string | null;
  to: string;
  campaignId?: string | null;
}

/** The one builder of event data: the call's common fields, the event's own, the sequence. */
export function callEventData<E extends EventName>(
  call: EventCall,
  own: OwnEventData<E>,
  sequence: number,
): EventData<E> {
  const metadata = (call.metadata as Record<string, unknown> | null) ?? null;
  const { direction, from, to } = call;
  return {
    callId: call.id,
    agentId: call.assistantId,
    direction,
    from,
    to,
    campaignId: call.campaignId ?? null,
    metadata,
    ...own,
    sequence,
  } as EventData<E>;
}
