import { EVENT_NAMES } from '@app/contracts';

/** JSON schemas of each event's data (README "Events"), for the document's `webhooks`. */
const base = {
  callId: { type: 'string' },
  agentId: { type: 'string' },
  metadata: { type: ['object', 'null'], additionalProperties: true, description: 'Echo of the metadata given when the call was started' },
  sequence: { type: 'integer', description: 'Per-call order of events, from 1' },
};
const data = (own: Record<string, object>, description: string) => ({
  type: 'object',
  description,
  properties: { ...base, ...own },
  required: [...Object.keys(base), ...Object.keys(own)],
  additionalProperties: true,
});

export const EVENT_DATA_SCHEMAS: Record<(typeof EVENT_NAMES)[number], object> = {
  'call.started': data({ direction: { type: 'string', enum: ['outbound', 'inbound'] }, to: { type: 'string' }, language: { type: 'string' } }, 'A call was placed'),
  'call.connected': data({ connectedAt: { type: 'string', format: 'date-time' } }, 'The call connected and audio began'),
  'call.completed': data({
    direction: { type: 'string' }, durationSec: { type: 'integer' }, endedReason: { type: 'string' }, language: { type: 'string' },
  }, 'The call finished normally'),
  'call.failed': data({
    endedReason: { type: 'string' }, stage: { type: 'string', enum: ['ringing', 'in-progress'] }, durationSec: { type: 'integer' },
  }, 'The call could not connect (no-answer, busy, unreachable) or errored'),
  'recording.ready': data({ recordingId: { type: 'string' }, durationSec: { type: 'integer' } }, 'The recording is stored'),
  'transcript.ready': data({ transcriptId: { type: 'string' } }, 'The transcript is stored'),
};

const HEADERS = {
  Authorization: 'Bearer <the API key that registered or last updated the webhook>',
  'webhook-id': 'The deliveryId',
  'webhook-timestamp': 'Unix seconds',
  'webhook-signature': 'v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks)',
};

/** OpenAPI 3.1 `webhooks`: what the service POSTs to registered URLs, one entry per event. */
export function eventWebhooks(): Record<string, object> {
  return Object.fromEntries(EVENT_NAMES.map((name) => [name, {
    post: {
      summary: `${name} delivered to your webhook`,
      parameters: Object.entries(HEADERS).map(([header, description]) => ({ name: header, in: 'header', required: true, description, schema: { type: 'string' } })),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                event: { type: 'string', const: name },
                deliveryId: { type: 'string' },
                occurredAt: { type: 'string', format: 'date-time' },
                data: EVENT_DATA_SCHEMAS[name],
              },
              required: ['event', 'deliveryId', 'occurredAt', 'data'],
            },
          },
        },
      },
      responses: { '2XX': { description: 'Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook.' } },
    },
  }]));
}
