import { Injectable } from '@nestjs/common';
import { newId } from '@app/common';
import type { DeliveryStatus, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

export interface AttemptRecord {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  errorClass: string | null;
  responseBody: string | null;
}

export type AttemptOutcome =
  | { kind: 'succeeded' }
  | { kind: 'retry'; nextAttemptAt: Date | null; disableWebhook?: string }
  | { kind: 'failed'; disableWebhook?: string }
  | { kind: 'gone'; disableWebhook: string };

/**
 * Webhook deliveries: one row per (webhook, event), written before anything is sent, and one
 * DeliveryAttempt per try. The deliveryId never changes across retries and replays.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Creates the deliveries of an event for every enabled webhook of its workspace subscribed to
   * it, once (a repeat finds them existing), and marks the event fanned out. Returns the pending
   * deliveries of the event, to be sent, and the request id of the call it belongs to.
   */
  async fanOut(eventId: string, attemptLimit: number) {
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.callEvent.findUnique({ where: { id: eventId }, include: { call: { select: { requestId: true } } } });
      if (!event) return { pending: [], requestId: null, callId: null };
      if (!event.fannedOutAt) {
        const hooks = await tx.webhook.findMany({
          where: { workspaceId: event.workspaceId, deletedAt: null, enabled: true, events: { has: event.type } },
          select: { id: true },
        });
        await tx.webhookDelivery.createMany({
          data: hooks.map((h) => ({
            id: newId('delivery'), workspaceId: event.workspaceId, webhookId: h.id, eventId: event.id, event: event.type, attemptLimit,
          })),
          skipDuplicates: true,
        });
        await tx.callEvent.update({ where: { id: event.id }, data: { fannedOutAt: new Date() } });
      }
      const pending = await tx.webhookDelivery.findMany({ where: { eventId, status: 'pending' }, select: { id: true, replays: true, webhookId: true } });
      return { pending, requestId: event.call.requestId, callId: event.callId };
    });
  }

  /** Everything one send needs. */
  findForSend(deliveryId: string) {
    return this.prisma.webhookDelivery.findUnique({
      where: { id: deliveryId },
      include: { webhook: { include: { apiKey: true } }, callEvent: true },
    });
  }

  /** Records one attempt and its consequence for the delivery and its webhook, in one transaction. */
  async recordAttempt(deliveryId: string, webhookId: string, attempt: AttemptRecord, outcome: AttemptOutcome, failingSince: Date | null) {
    const status: DeliveryStatus = outcome.kind === 'succeeded' ? 'succeeded' : outcome.kind === 'retry' ? 'pending' : 'failed';
    const webhookChange: Prisma.WebhookUpdateInput =
      outcome.kind === 'succeeded'
        ? { failingSince: null }
        : {
            failingSince: failingSince ?? attempt.startedAt,
            ...('disableWebhook' in outcome && outcome.disableWebhook ? { enabled: false, disabledReason: outcome.disableWebhook } : {}),
          };
    await this.prisma.$transaction([
      this.prisma.deliveryAttempt.create({ data: { id: newId('attempt'), deliveryId, ...attempt } }),
      this.prisma.webhookDelivery.update({
        where: { id: deliveryId },
        data: {
          status,
          attemptCount: attempt.number,
          lastAttemptAt: attempt.startedAt,
          nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
          lastError: attempt.errorClass ? `${attempt.errorClass}${attempt.statusCode ? ` ${attempt.statusCode}` : ''}` : null,
        },
      }),
      this.prisma.webhook.update({ where: { id: webhookId }, data: webhookChange }),
    ]);
  }

  /** Stops a webhook from delivering, with the reason it shows, until it is updated. */
  async disableWebhook(webhookId: string, reason: string): Promise<void> {
    await this.prisma.webhook.updateMany({ where: { id: webhookId, enabled: true }, data: { enabled: false, disabledReason: reason } });
  }

  async failDelivery(deliveryId: string, reason: string): Promise<void> {
    await this.prisma.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'failed', lastError: reason, nextAttemptAt: null } });
  }

  /** Events the dispatcher never fanned out (its job was lost), oldest first. */
  findNotFannedOut(olderThan: Date, limit: number) {
    return this.prisma.callEvent.findMany({ where: { fannedOutAt: null, occurredAt: { lt: olderThan } }, select: { id: true }, orderBy: { id: 'asc' }, take: limit });
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

  async list(workspaceId: string, webhookId: string, filter: { status?: DeliveryStatus; event?: string }, skip: number, take: number) {
    const where: Prisma.WebhookDeliveryWhereInput = { workspaceId, webhookId, status: filter.status, event: filter.event };
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
  async replay(workspaceId: string, webhookId: string, where: { deliveryId?: string; failedSince?: Date }, attemptsPerRound: number) {
    return this.prisma.$transaction(async (tx) => {
      const targets = await tx.webhookDelivery.findMany({
        where: {
          workspaceId,
          webhookId,
          ...(where.deliveryId ? { id: where.deliveryId } : { status: 'failed', createdAt: { gte: where.failedSince } }),
        },
        select: { id: true, attemptCount: true },
      });
      for (const t of targets) {
        await tx.webhookDelivery.update({
          where: { id: t.id },
          data: { status: 'pending', replays: { increment: 1 }, attemptLimit: t.attemptCount + attemptsPerRound, nextAttemptAt: null },
        });
      }
      return tx.webhookDelivery.findMany({ where: { id: { in: targets.map((t) => t.id) } }, select: { id: true, replays: true, webhookId: true } });
    });
  }

  /** Pending deliveries of one webhook (to resume once it is enabled again). */
  findPendingOf(webhookId: string, limit: number) {
    return this.prisma.webhookDelivery.findMany({ where: { webhookId, status: 'pending' }, select: { id: true, replays: true, webhookId: true }, take: limit });
  }
}
