import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type DeliveryStatus, type Prisma, PrismaService } from '@app/db';
import type { AttemptRecord } from './delivery.contract';
import type { DeliveryRound } from './delivery-queue';
import type { AttemptOutcome } from './retry-policy';

export interface DeliveryForSend {
  id: string;
  webhookId: string;
  status: DeliveryStatus;
  attemptCount: number;
  attemptLimit: number;
  event: string;
  callId: string;
  eventType: string;
  occurredAt: Date;
  data: unknown;
}

// The hot path of the dispatcher as prepared statements (PrismaService.sql): planned once per
// connection, and none of Prisma's per-query work.

/** The event, its call's request id, and the webhooks still to get a delivery of it. */
const FAN_OUT_TARGETS = `
  SELECT e."workspaceId", e.type, e."callId", c."requestId",
         CASE WHEN e."fannedOutAt" IS NULL THEN ARRAY(
           SELECT w.id FROM "Webhook" w
           WHERE w."workspaceId" = e."workspaceId" AND w."deletedAt" IS NULL AND e.type = ANY (w.events)
         ) ELSE '{}' END AS hooks
  FROM "CallEvent" e JOIN "Call" c ON c.id = e."callId"
  WHERE e.id = $1`;

/** Creates the deliveries (once: a repeat finds them), marks the event, answers the pending ones. */
const FAN_OUT = `
  WITH created AS (
    INSERT INTO "WebhookDelivery" (id, "workspaceId", "webhookId", "eventId", event, "attemptLimit", "createdAt",
                                   "updatedAt")
    SELECT d.id, $2, d.hook, $1, $3, $4, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM unnest($5::text[], $6::text[]) AS d(id, hook)
    ON CONFLICT ("webhookId", "eventId") DO NOTHING
    RETURNING id, replays, "webhookId"
  ), marked AS (
    UPDATE "CallEvent" SET "fannedOutAt" = now() AT TIME ZONE 'UTC' WHERE id = $1 AND "fannedOutAt" IS NULL
  )
  SELECT id, replays, "webhookId" FROM created
  UNION ALL
  SELECT id, replays, "webhookId" FROM "WebhookDelivery"
  WHERE "eventId" = $1 AND status = 'pending' AND NOT (id = ANY ($5::text[]))`;

const FIND_FOR_SEND = `
  SELECT d.id, d."webhookId", d.status::text AS status, d."attemptCount", d."attemptLimit", d.event,
         e."callId", e.type AS "eventType", e."occurredAt", e.data
  FROM "WebhookDelivery" d JOIN "CallEvent" e ON e.id = d."eventId"
  WHERE d.id = $1`;

/** The attempt and the delivery's new state in one statement: one round trip. */
const RECORD_ATTEMPT = `
  WITH attempt AS (
    INSERT INTO "DeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode", "errorClass",
                                   "responseBody")
    VALUES ($1, $2, $3, $4::timestamptz AT TIME ZONE 'UTC', $5, $6, $7, $8)
  )
  UPDATE "WebhookDelivery"
  SET status = $9::"DeliveryStatus", "attemptCount" = $3, "lastAttemptAt" = $4::timestamptz AT TIME ZONE 'UTC',
      "nextAttemptAt" = $10::timestamptz AT TIME ZONE 'UTC', "lastError" = $11, "updatedAt" = now() AT TIME ZONE 'UTC'
  WHERE id = $2`;

/**
 * Webhook deliveries: one row per (webhook, event), written before anything is sent, and one
 * DeliveryAttempt per try. The deliveryId never changes across retries and replays.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Creates the deliveries of an event for every webhook of its workspace subscribed to it, once
   * (a repeat finds them existing), and marks the event fanned out, in one statement. Disabled
   * webhooks get theirs too: they wait, pending, and go out when the webhook is enabled again.
   * Returns the pending deliveries of the event, to be sent, and the request id of its call.
   */
  async fanOut(eventId: string, attemptLimit: number) {
    type Targets = { workspaceId: string; type: string; callId: string; requestId: string | null; hooks: string[] };
    const [event] = await this.prisma.sql<Targets>('fan-out-targets', FAN_OUT_TARGETS, [eventId]);
    if (!event) return { pending: [], requestId: null, callId: null };
    const ids = event.hooks.map(() => newId('delivery'));
    const values = [eventId, event.workspaceId, event.type, attemptLimit, ids, event.hooks];
    const pending = await this.prisma.sql<DeliveryRound>('fan-out', FAN_OUT, values);
    return { pending, requestId: event.requestId, callId: event.callId };
  }

  /** The delivery and its event, in one round trip (the webhook comes from findWebhookForSend). */
  async findForSend(deliveryId: string): Promise<DeliveryForSend | null> {
    const [row] = await this.prisma.sql<DeliveryForSend>('delivery-for-send', FIND_FOR_SEND, [deliveryId]);
    return row ?? null;
  }

  /** What sending to a webhook needs to know about it (the dispatcher caches it briefly). */
  findWebhookForSend(webhookId: string) {
    return this.prisma.webhook.findUnique({
      where: { id: webhookId },
      select: {
        id: true,
        url: true,
        enabled: true,
        deletedAt: true,
        failingSince: true,
        secretEnc: true,
        apiKeyEnc: true,
        apiKey: { select: { revokedAt: true } },
      },
    });
  }

  /**
   * Records one attempt and its consequence, in one transaction. The webhook row is written only
   * when its health changes (first failure, recovery, disabling), so deliveries to one endpoint
   * never queue on its row.
   */
  async recordAttempt(
    deliveryId: string,
    webhookId: string,
    attempt: AttemptRecord,
    outcome: AttemptOutcome,
    failingSince: Date | null,
  ) {
    const status: DeliveryStatus =
      outcome.kind === 'succeeded' ? 'succeeded' : outcome.kind === 'retry' ? 'pending' : 'failed';
    const disable =
      'disableWebhook' in outcome && outcome.disableWebhook
        ? { enabled: false, disabledReason: outcome.disableWebhook }
        : {};
    const webhookChange: Prisma.WebhookUpdateManyMutationInput | null =
      outcome.kind === 'succeeded'
        ? failingSince
          ? { failingSince: null }
          : null
        : failingSince && !('enabled' in disable)
          ? null
          : { failingSince: failingSince ?? attempt.startedAt, ...disable };
    const lastError = attempt.errorClass
      ? `${attempt.errorClass}${attempt.statusCode ? ` ${attempt.statusCode}` : ''}`
      : null;
    const nextAttemptAt =
      outcome.kind === 'retry' && outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null;
    const values = [
      newId('attempt'),
      deliveryId,
      attempt.number,
      attempt.startedAt.toISOString(),
      attempt.durationMs,
      attempt.statusCode,
      attempt.errorClass,
      attempt.responseBody,
      status,
      nextAttemptAt,
      lastError,
    ];
    if (!webhookChange) {
      await this.prisma.sql('record-attempt', RECORD_ATTEMPT, values);
      return;
    }
    await this.prisma.$transaction([
      this.prisma.$executeRawUnsafe(RECORD_ATTEMPT, ...values),
      this.prisma.webhook.updateMany({ where: { id: webhookId }, data: webhookChange }),
    ]);
  }

  /** Stops a webhook from delivering, with the reason it shows, until it is updated. */
  async disableWebhook(webhookId: string, reason: string): Promise<void> {
    await this.prisma.webhook.updateMany({
      where: { id: webhookId, enabled: true },
      data: { enabled: false, disabledReason: reason },
    });
  }

  async failDelivery(deliveryId: string, reason: string): Promise<void> {
    await this.prisma.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending' },
      data: { status: 'failed', lastError: reason, nextAttemptAt: null },
    });
  }

  /** Events the dispatcher never fanned out (its job was lost), oldest first. */
  findNotFannedOut(olderThan: Date, limit: number) {
    return this.prisma.callEvent.findMany({
      where: { fannedOutAt: null, occurredAt: { lt: olderThan } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  /** Pending deliveries of enabled webhooks that nothing has touched lately: their job may be gone. */
  findStalePending(quietSince: Date, limit: number) {
    return this.prisma.webhookDelivery.findMany({
      where: {
        status: 'pending',
        updatedAt: { lt: quietSince },
        OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lt: quietSince } }],
        webhook: { enabled: true, deletedAt: null },
      },
      select: { id: true, replays: true, webhookId: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
  }

  // ---- the delivery log (gateway) ----

  async list(
    workspaceId: string,
    webhookId: string,
    filter: { status?: DeliveryStatus; event?: string },
    skip: number,
    take: number,
  ) {
    const where: Prisma.WebhookDeliveryWhereInput = {
      workspaceId,
      webhookId,
      status: filter.status,
      event: filter.event,
    };
    const [total, list] = await Promise.all([
      this.prisma.webhookDelivery.count({ where }),
      this.prisma.webhookDelivery.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  find(workspaceId: string, webhookId: string, deliveryId: string) {
    return this.prisma.webhookDelivery.findFirst({
      where: { workspaceId, webhookId, id: deliveryId },
      include: { attempts: { orderBy: { number: 'asc' } }, callEvent: true },
    });
  }

  /**
   * Sends deliveries again under their own ids: back to pending with a new round of attempts.
   * Returns what to enqueue (replays is part of the job id, so each round is a fresh job).
   */
  async replay(
    workspaceId: string,
    webhookId: string,
    where: { deliveryId?: string; failedSince?: Date },
    attemptsPerRound: number,
  ) {
    return this.prisma.$transaction(async (tx) => {
      const targets = await tx.webhookDelivery.findMany({
        where: {
          workspaceId,
          webhookId,
          ...(where.deliveryId
            ? { id: where.deliveryId }
            : { status: 'failed', createdAt: { gte: where.failedSince } }),
        },
        select: { id: true, attemptCount: true },
      });
      for (const t of targets) {
        await tx.webhookDelivery.update({
          where: { id: t.id },
          data: {
            status: 'pending',
            replays: { increment: 1 },
            attemptLimit: t.attemptCount + attemptsPerRound,
            nextAttemptAt: null,
          },
        });
      }
      return tx.webhookDelivery.findMany({
        where: { id: { in: targets.map((t) => t.id) } },
        select: { id: true, replays: true, webhookId: true },
      });
    });
  }

  /**
   * Pending deliveries of a webhook that was just enabled again, each under a new job id (their
   * earlier jobs ended when they found the webhook disabled).
   */
  async resumePendingOf(webhookId: string) {
    const rows = await this.prisma.$queryRaw<{ id: string; replays: number; webhookId: string }[]>`
      UPDATE "WebhookDelivery" SET replays = replays + 1, "nextAttemptAt" = NULL, "updatedAt" = now()
      WHERE "webhookId" = ${webhookId} AND status = 'pending'
      RETURNING id, replays, "webhookId"`;
    return rows;
  }
}
