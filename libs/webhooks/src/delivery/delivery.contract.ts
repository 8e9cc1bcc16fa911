import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import { ALL_EVENT_NAMES, WEBHOOK_TEST_EVENT } from '@app/calls';
import { envelopeOf, WebhookEnvelope } from './envelope';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const ERROR_CLASSES = [
  'timeout',
  'connection-refused',
  'connection-reset',
  'dns',
  'blocked',
  'tls',
  'http-status',
  'redirect',
  'network',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

/** One delivery of one event to one webhook, as the delivery log lists it. */
export const DeliveryRecord = contract(
  'DeliveryRecord',
  z.object({
    deliveryId: z.string(),
    webhookId: z.string(),
    eventId: z.string(),
    event: z.enum([...ALL_EVENT_NAMES, WEBHOOK_TEST_EVENT]).describe('webhook.test: a test send (Send test)'),
    status: z.enum(DELIVERY_STATUSES),
    attemptCount: z.number().int(),
    lastAttemptAt: timestamp().nullable(),
    nextAttemptAt: timestamp().nullable(),
    lastError: z.string().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;

export const DeliveryAttemptRecord = contract(
  'DeliveryAttemptRecord',
  z.object({
    number: z.number().int(),
    startedAt: timestamp(),
    durationMs: z.number().int(),
    statusCode: z.number().int().nullable(),
    errorClass: z.enum(ERROR_CLASSES).nullable(),
    responseBody: z.string().nullable().describe('First 4 KB of the response body'),
  }),
);

export const DeliveryDetail = contract(
  'DeliveryDetail',
  DeliveryRecord.extend({ payload: WebhookEnvelope, attempts: z.array(DeliveryAttemptRecord) }),
);
export const DeliveryList = contract('DeliveryList', listOf(DeliveryRecord));

export const RecoverResult = contract(
  'RecoverResult',
  z.object({ recovered: z.number().int(), deliveryIds: z.array(z.string()) }),
);

/** The outcome of a webhook.test send (also in the delivery log, under deliveryId). */
export const TestDeliveryResult = contract(
  'TestDeliveryResult',
  z.object({
    deliveryId: z.string(),
    success: z.boolean(),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    errorClass: z.enum(ERROR_CLASSES).nullable(),
    responseBody: z
      .string()
      .nullable()
      .describe('The first 200 characters of a 2xx answer, control characters blanked; null for any other answer'),
  }),
);

interface DeliveryRow {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One attempt as the dispatcher records it. */
export interface AttemptRecord {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  errorClass: string | null;
  responseBody: string | null;
}

/** "http-status 500", "timeout": what the delivery log shows as the last error. */
export const lastErrorOf = (a: Pick<AttemptRecord, 'errorClass' | 'statusCode'>) =>
  a.errorClass ? [a.errorClass, a.statusCode].filter((x) => x !== null).join(' ') : null;

export function presentDelivery(d: DeliveryRow): DeliveryRecord {
  return {
    deliveryId: d.id,
    webhookId: d.webhookId,
    eventId: d.eventId,
    event: d.event as DeliveryRecord['event'],
    status: d.status as DeliveryRecord['status'],
    attemptCount: d.attemptCount,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** One delivery with the payload it sends and every attempt. */
export function presentDeliveryDetail(
  d: DeliveryRow & { attempts: AttemptRecord[]; callEvent: { type: string; occurredAt: Date; data: unknown } },
): z.infer<typeof DeliveryDetail> {
  return {
    ...presentDelivery(d),
    payload: envelopeOf(d.id, d.callEvent),
    attempts: d.attempts.map((a) => ({
      number: a.number,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      errorClass: a.errorClass as ErrorClass | null,
      responseBody: a.responseBody,
    })),
  };
}
