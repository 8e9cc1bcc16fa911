import { Injectable } from '@nestjs/common';
import { type DeliveryStatus, type Prisma, PrismaService } from '@app/db';
import { WEBHOOK_TEST_EVENT } from '@app/calls';
import { attemptIdFor } from '@app/platform';
import { lastErrorOf } from './delivery.contract';
import type { SendResult } from './webhook-sender';

/**
 * The delivery log a workspace reads and acts on (the gateway): listing, one delivery with its
 * attempts, manual retries and recovery. The dispatcher's hot path is WebhookDeliveriesRepository.
 */
@Injectable()
export class DeliveryLogRepository {
  constructor(private readonly prisma: PrismaService) {}

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

  /**
   * A test send, once made: its event (of no call, already published and fanned out, so nothing
   * else sends it), its delivery and its one attempt, in one transaction.
   */
  async recordTest(
    t: { workspaceId: string; webhookId: string; eventId: string; deliveryId: string; at: Date },
    data: Prisma.InputJsonObject,
    attempt: SendResult,
  ) {
    const { workspaceId, webhookId, eventId, deliveryId, at } = t;
    const ok = attempt.ok;
    await this.prisma.$transaction([
      this.prisma.callEvent.create({
        data: {
          id: eventId,
          workspaceId,
          type: WEBHOOK_TEST_EVENT,
          sequence: 1,
          data,
          occurredAt: at,
          publishedAt: at,
          fannedOutAt: at,
        },
      }),
      this.prisma.webhookDelivery.create({
        data: {
          id: deliveryId,
          workspaceId,
          webhookId,
          eventId,
          event: WEBHOOK_TEST_EVENT,
          status: ok ? 'succeeded' : 'failed',
          attemptCount: 1,
          attemptLimit: 1,
          lastError: lastErrorOf(attempt),
          lastAttemptAt: attempt.startedAt,
          createdAt: at,
        },
      }),
      this.prisma.deliveryAttempt.create({
        data: {
          id: attemptIdFor(deliveryId),
          deliveryId,
          number: 1,
          startedAt: attempt.startedAt,
          durationMs: attempt.durationMs,
          statusCode: attempt.statusCode,
          errorClass: attempt.errorClass,
          responseBody: attempt.responseBody,
        },
      }),
    ]);
  }

  /** One delivery with its event and attempts (joined by id: no foreign key, see schema.prisma); null if unknown. */
  async find(workspaceId: string, webhookId: string, deliveryId: string) {
    const delivery = await this.prisma.webhookDelivery.findFirst({ where: { workspaceId, webhookId, id: deliveryId } });
    if (!delivery) return null;
    const [callEvent, attempts] = await Promise.all([
      this.prisma.callEvent.findFirst({ where: { id: delivery.eventId, workspaceId } }),
      this.prisma.deliveryAttempt.findMany({ where: { deliveryId }, orderBy: { number: 'asc' } }),
    ]);
    // never by retention, which drops a month's deliveries before its events; null rather than a made-up payload
    return callEvent ? { ...delivery, callEvent, attempts } : null;
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
      UPDATE "WebhookDelivery" SET replays = replays + 1, "nextAttemptAt" = NULL,
        "updatedAt" = now() AT TIME ZONE 'UTC'
      WHERE "webhookId" = ${webhookId} AND status = 'pending'
      RETURNING id, replays, "webhookId"`;
    return rows;
  }
}
