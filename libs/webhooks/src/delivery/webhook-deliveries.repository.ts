import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type DeliveryStatus, type Prisma, PrismaService } from '@app/db';
import type { AttemptRecord } from './delivery.contract';
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

/**
 * Webhook deliveries: one row per (webhook, event), written before anything is sent, and one
 * DeliveryAttempt per try. The deliveryId never changes across retries and replays.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Creates the deliveries of an event for every webhook of its workspace subscribed to it, once
   * (a repeat finds them existing), and marks the event fanned out. Disabled webhooks get theirs
   * too: they wait, pending, and go out when the webhook is enabled again. Returns the pending
   * deliveries of the event, to be sent, and the request id of the call it belongs to.
   */
  async fanOut(eventId: string, attemptLimit: number) {
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.callEvent.findUnique({
        where: { id: eventId },
        include: { call: { select: { requestId: true } } },
      });
      if (!event) return { pending: [], requestId: null, callId: null };
      if (!event.fannedOutAt) {
        const hooks = await tx.webhook.findMany({
          where: { workspaceId: event.workspaceId, deletedAt: null, events: { has: event.type } },
          select: { id: true },
        });
        await tx.webhookDelivery.createMany({
          data: hooks.map((h) => ({
            id: newId('delivery'),
            workspaceId: event.workspaceId,
            webhookId: h.id,
            eventId: event.id,
            event: event.type,
            attemptLimit,
          })),
          skipDuplicates: true,
        });
        await tx.callEvent.update({ where: { id: event.id }, data: { fannedOutAt: new Date() } });
      }
      const pending = await tx.webhookDelivery.findMany({
        where: { eventId, status: 'pending' },
        select: { id: true, replays: true, webhookId: true },
      });
      return { pending, requestId: event.call.requestId, callId: event.callId };
    });
  }

  /** The delivery and its event, in one round trip (the webhook comes from findWebhookForSend). */
  async findForSend(deliveryId: string): Promise<DeliveryForSend | null> {
    const rows = await this.prisma.$queryRaw<DeliveryForSend[]>`
      SELECT d.id, d."webhookId", d.status::text AS status, d."attemptCount", d."attemptLimit", d.event,
             e."callId", e.type AS "eventType", e."occurredAt", e.data
      FROM "WebhookDelivery" d JOIN "CallEvent" e ON e.id = d."eventId"
      WHERE d.id = ${deliveryId}`;
    return rows[0] ?? null;
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
    const startedAt = attempt.startedAt.toISOString();
    // The attempt and the delivery's new state in one statement: one round trip on the hot path.
    const record = this.prisma.$executeRaw`
      WITH attempt AS (
        INSERT INTO "DeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode", "errorClass",
                                       "responseBody")
        VALUES (${newId('attempt')}, ${deliveryId}, ${attempt.number}, ${startedAt}::timestamptz AT TIME ZONE 'UTC',
                ${attempt.durationMs}, ${attempt.statusCode}, ${attempt.errorClass}, ${attempt.responseBody})
      )
      UPDATE "WebhookDelivery"
      SET status = ${status}::"DeliveryStatus", "attemptCount" = ${attempt.number},
          "lastAttemptAt" = ${startedAt}::timestamptz AT TIME ZONE 'UTC',
          "nextAttemptAt" = ${nextAttemptAt}::timestamptz AT TIME ZONE 'UTC', "lastError" = ${lastError},
          "updatedAt" = now() AT TIME ZONE 'UTC'
      WHERE id = ${deliveryId}`;
    if (webhookChange) {
      await this.prisma.$transaction([
        record,
        this.prisma.webhook.updateMany({ where: { id: webhookId }, data: webhookChange }),
      ]);
    } else {
      await record;
    }
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
