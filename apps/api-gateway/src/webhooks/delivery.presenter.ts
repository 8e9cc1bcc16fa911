import { envelopeOf } from '@app/contracts';

interface DeliveryRow {
  id: string; webhookId: string; eventId: string; event: string; status: string; attemptCount: number;
  nextAttemptAt: Date | null; lastAttemptAt: Date | null; lastError: string | null; createdAt: Date; updatedAt: Date;
}

interface AttemptRow {
  number: number; startedAt: Date; durationMs: number; statusCode: number | null; errorClass: string | null; responseBody: string | null;
}

export function presentDelivery(d: DeliveryRow) {
  return {
    deliveryId: d.id,
    webhookId: d.webhookId,
    eventId: d.eventId,
    event: d.event,
    status: d.status,
    attemptCount: d.attemptCount,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** One delivery with the payload it sends and every attempt. */
export function presentDeliveryDetail(d: DeliveryRow & { attempts: AttemptRow[]; callEvent: { type: string; occurredAt: Date; data: unknown } }) {
  return {
    ...presentDelivery(d),
    payload: envelopeOf(d.id, d.callEvent),
    attempts: d.attempts.map((a) => ({
      number: a.number, startedAt: a.startedAt.toISOString(), durationMs: a.durationMs, statusCode: a.statusCode,
      errorClass: a.errorClass, responseBody: a.responseBody,
    })),
  };
}
