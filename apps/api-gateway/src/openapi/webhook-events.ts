import { ALL_EVENT_NAMES, CampaignEventData, EVENT_DATA, type EventName } from '@app/calls';
import { contractRef } from '@app/platform';

const HEADERS = {
  Authorization: 'Bearer <the API key that registered or last updated the webhook>',
  'webhook-id': 'The deliveryId',
  'webhook-timestamp': 'Unix seconds',
  'webhook-signature': 'v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks)',
};

/** OpenAPI 3.1 `webhooks`: what the service POSTs to registered URLs, one entry per event. */
export function eventWebhooks(): Record<string, object> {
  return Object.fromEntries(
    ALL_EVENT_NAMES.map((name) => [
      name,
      {
        post: {
          summary: `${name} delivered to your webhook`,
          parameters: Object.entries(HEADERS).map(([header, description]) => ({
            name: header,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
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
                    data: contractRef(EVENT_DATA[name as EventName] ?? CampaignEventData),
                  },
                  required: ['event', 'deliveryId', 'occurredAt', 'data'],
                },
              },
            },
          },
          responses: {
            '2XX': {
              description:
                'Received; any other answer (or none within the timeout) is retried with backoff. 410 disables ' +
                'the webhook.',
            },
          },
        },
      },
    ]),
  );
}
