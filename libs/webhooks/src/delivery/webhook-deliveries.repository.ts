import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { attemptIdFor, deliveryIdFor } from '@app/platform';
import { type DeliveryStatus, PrismaService } from '@app/db';
import { lastErrorOf, type AttemptRecord } from './delivery.contract';
import type { DeliveryRound } from './delivery-queue';
import type { AttemptOutcome, WebhookHealthChange } from './retry-policy';

export interface DeliveryForSend {
  id: string;
  webhookId: string;
  status: DeliveryStatus;
  attemptCount: number;
  attemptLimit: number;
  event: string;
  callId: string | null;
  eventType: string;
  occurredAt: Date;
  data: unknown;
}

// The hot path of the dispatcher as prepared statements (PrismaService.sql): planned once per
// connection, and none of Prisma's per-query work.

/**
 * The event (what its deliveries send), its call's request id (none for campaign events), and the
 * webhooks still to get a delivery of it.
 */
const FAN_OUT_TARGETS = `
  SELECT e.id, e."workspaceId", e.type, e."callId", e."occurredAt", e.data, c."requestId",
         CASE WHEN e."fannedOutAt" IS NULL THEN ARRAY(
           SELECT w.id FROM "Webhook" w
           WHERE w."workspaceId" = e."workspaceId" AND w."deletedAt" IS NULL AND e.type = ANY (w.events)
         ) ELSE '{}' END AS hooks
  FROM "CallEvent" e LEFT JOIN "Call" c ON c.id = e."callId"
  WHERE e.id = ANY ($1::text[])`;

/**
 * Creates the deliveries (once: a delivery's id is derived from its (event, webhook), so a repeat
 * or a racing dispatcher conflicts on the primary key), marks the events fanned out, and answers
 * every pending delivery of the events, `fresh` for those this statement created.
 */
const FAN_OUT = `
  WITH created AS (
    INSERT INTO "WebhookDelivery" (id, "webhookId", "eventId", "workspaceId", event, "attemptLimit", "createdAt",
                                   "updatedAt")
    SELECT d.*, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
      AS d(id, hook, "eventId", "workspaceId", event, "attemptLimit")
    ON CONFLICT (id) DO NOTHING
    RETURNING id, replays, "webhookId", "eventId", "attemptLimit"
  ), marked AS (
    UPDATE "CallEvent" SET "fannedOutAt" = now() AT TIME ZONE 'UTC'
    WHERE id = ANY ($1::text[]) AND "fannedOutAt" IS NULL
  )
  SELECT id, replays, "webhookId", "eventId", "attemptLimit", true AS fresh FROM created
  UNION ALL
  SELECT id, replays, "webhookId", "eventId", "attemptLimit", false FROM "WebhookDelivery"
  WHERE "eventId" = ANY ($1::text[]) AND status = 'pending' AND NOT (id = ANY ($2::text[]))`;

const FIND_FOR_SEND = `
  SELECT d.id, d."webhookId", d.status::text AS status, d."attemptCount", d."attemptLimit", d.event,
         e."callId", e.type AS "eventType", e."occurredAt", e.data
  FROM "WebhookDelivery" d JOIN "CallEvent" e ON e.id = d."eventId"
  WHERE d.id = ANY ($1::text[])`;

/** Attempts (one per row of the arrays) and their deliveries' new state, in one statement. */
const RECORD_ATTEMPTS = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[],
                         $9::text[], $10::text[], $11::text[])
      AS i(id, "deliveryId", number, "startedAt", "durationMs", "statusCode", "errorClass", "responseBody", status,
           "nextAttemptAt", "lastError")
  ), attempt AS (
    INSERT INTO "DeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode", "errorClass",
                                   "responseBody")
    SELECT id, "deliveryId", number, "startedAt"::timestamptz AT TIME ZONE 'UTC', "durationMs", "statusCode",
           "errorClass", "responseBody"
    FROM input
  )
  UPDATE "WebhookDelivery" d
  SET status = i.status::"DeliveryStatus", "attemptCount" = i.number,
      "lastAttemptAt" = i."startedAt"::timestamptz AT TIME ZONE 'UTC',
      "nextAttemptAt" = i."nextAttemptAt"::timestamptz AT TIME ZONE 'UTC', "lastError" = i."lastError",
      "updatedAt" = now() AT TIME ZONE 'UTC'
  FROM input i WHERE d.id = i."deliveryId"`;

/** A webhook's health after an attempt (webhookHealthChange): its failing streak, and disabling. */
const WEBHOOK_HEALTH = `
  UPDATE "Webhook" SET "failingSince" = $2::timestamptz AT TIME ZONE 'UTC', enabled = COALESCE($3::boolean, enabled),
    "disabledReason" = COALESCE($4::text, "disabledReason"), "updatedAt" = now() AT TIME ZONE 'UTC'
  WHERE id = $1`;

// Deliveries keep no foreign key onto their webhook (migration 20261202020000), so the webhook is joined here.
const STALE_PENDING = `
  SELECT d.id, d.replays, d."webhookId"
  FROM "WebhookDelivery" d JOIN "Webhook" w ON w.id = d."webhookId" AND w.enabled AND w."deletedAt" IS NULL
  WHERE d.status = 'pending' AND d."updatedAt" < $1::timestamptz AT TIME ZONE 'UTC'
    AND (d."nextAttemptAt" IS NULL OR d."nextAttemptAt" < $1::timestamptz AT TIME ZONE 'UTC')
  ORDER BY d."createdAt" LIMIT $2`;

/** One attempt as RECORD_ATTEMPTS takes it, in the order of its arrays. */
type AttemptWrite = [
  ...[id: string, deliveryId: string, number: number, startedAt: string, durationMs: number],
  ...[statusCode: number | null, errorClass: string | null, responseBody: string | null, status: string],
  ...[nextAttemptAt: string | null, lastError: string | null],
];

/** A delivery's status after an attempt with this outcome. */
const DELIVERY_STATUS_AFTER: Record<AttemptOutcome['kind'], DeliveryStatus> = {
  succeeded: 'succeeded',
  retry: 'pending',
  failed: 'failed',
  gone: 'failed',
};

/** Rows as the column arrays an unnest(...) statement takes. */
const columns = (rows: readonly (readonly unknown[])[], width: number) =>
  Array.from({ length: width }, (_, i) => rows.map((r) => r[i]));

/**
 * Concurrent sends finish close together: their reads and writes are gathered for a moment and
 * made in one statement each (dataloader), instead of one round trip and one plan per delivery.
 */
const BATCH = { cache: false, maxBatchSize: 200, batchScheduleFn: (run: () => void) => setImmediate(run) } as const;

/** A pending delivery of a fanned-out event; `fresh`: created by this fan-out, so never attempted. */
export interface FannedOutDelivery extends DeliveryRound {
  fresh: boolean;
  attemptLimit: number;
}

export interface FanOutResult {
  pending: FannedOutDelivery[];
  requestId: string | null;
  callId: string | null;
  /** What the event's deliveries send (null: no such event). */
  event: { type: string; occurredAt: Date; data: unknown } | null;
}

/** A fresh delivery of a fanned-out event as an attempt reads it (no read needed: nothing was sent yet). */
export function freshForSend(d: FannedOutDelivery, f: FanOutResult): DeliveryForSend {
  const e = f.event!;
  const { id, webhookId, attemptLimit } = d;
  const about = { event: e.type, callId: f.callId, eventType: e.type, occurredAt: e.occurredAt, data: e.data };
  return { id, webhookId, status: 'pending', attemptCount: 0, attemptLimit, ...about };
}

/**
 * Webhook deliveries on the dispatcher's hot path: one row per (webhook, event), written before
 * anything is sent, and one DeliveryAttempt per try. The deliveryId never changes across retries
 * and replays. The gateway's delivery log is DeliveryLogRepository.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  private readonly fanOuts = new DataLoader<{ eventId: string; attemptLimit: number }, FanOutResult>(async (keys) => {
    type Target = { id: string; workspaceId: string; type: string; callId: string; requestId: string | null } & {
      occurredAt: Date;
      data: unknown;
    };
    const eventIds = keys.map((k) => k.eventId);
    const targets = await this.prisma.sql<Target & { hooks: string[] }>('fan-out-targets', FAN_OUT_TARGETS, [eventIds]);
    const limits = new Map(keys.map((k) => [k.eventId, k.attemptLimit]));
    const rows = targets.flatMap((e) =>
      e.hooks.map((hook) => [deliveryIdFor(e.id, hook), hook, e.id, e.workspaceId, e.type, limits.get(e.id)!] as const),
    );
    const pending = await this.prisma.sql<FannedOutDelivery & { eventId: string }>('fan-out', FAN_OUT, [
      eventIds,
      ...columns(rows, 6),
    ]);
    const byId = new Map(targets.map((e) => [e.id, e]));
    return eventIds.map((id) => {
      const event = byId.get(id);
      const mine = pending.filter((d) => d.eventId === id).map(({ eventId: _, ...round }) => round);
      if (!event) return { pending: mine, requestId: null, callId: null, event: null };
      const about = { type: event.type, occurredAt: event.occurredAt, data: event.data };
      return { pending: mine, requestId: event.requestId, callId: event.callId, event: about };
    });
  }, BATCH);

  private readonly forSend = new DataLoader<string, DeliveryForSend | null>(async (ids) => {
    const rows = await this.prisma.sql<DeliveryForSend>('deliveries-for-send', FIND_FOR_SEND, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCH);

  private readonly attempts = new DataLoader<AttemptWrite, void>(async (rows) => {
    await this.prisma.sql('record-attempts', RECORD_ATTEMPTS, columns(rows, 11));
    return rows.map(() => undefined);
  }, BATCH);

  constructor(private readonly prisma: PrismaService) {}

  /**
   * Creates the deliveries of an event for every webhook of its workspace subscribed to it, once
   * (a repeat finds them existing), and marks the event fanned out, in one statement. Disabled
   * webhooks get theirs too: they wait, pending, and go out when the webhook is enabled again.
   * Returns the pending deliveries of the event, to be sent, and the request id of its call.
   */
  fanOut(eventId: string, attemptLimit: number): Promise<FanOutResult> {
    return this.fanOuts.load({ eventId, attemptLimit });
  }

  /** The delivery and its event, in one round trip (the webhook comes from findWebhookForSend). */
  findForSend(deliveryId: string): Promise<DeliveryForSend | null> {
    return this.forSend.load(deliveryId);
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
        apiKey: { select: { revokedAt: true, account: { select: { removedAt: true } } } },
      },
    });
  }

  /**
   * Records one attempt and its consequence, in one transaction. The webhook row is written only
   * when its health changes (webhookHealthChange: first failure, recovery, disabling), so
   * deliveries to one endpoint never queue on its row.
   */
  async recordAttempt(
    deliveryId: string,
    webhookId: string,
    attempt: AttemptRecord,
    outcome: AttemptOutcome,
    webhookChange: WebhookHealthChange | null,
  ) {
    const row: AttemptWrite = [
      attemptIdFor(deliveryId),
      deliveryId,
      attempt.number,
      attempt.startedAt.toISOString(),
      attempt.durationMs,
      attempt.statusCode,
      attempt.errorClass,
      attempt.responseBody,
      DELIVERY_STATUS_AFTER[outcome.kind],
      outcome.kind === 'retry' && outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null,
      lastErrorOf(attempt),
    ];
    if (!webhookChange) return this.attempts.load(row);
    const { failingSince, enabled, disabledReason } = webhookChange;
    await this.prisma.sqlTransaction([
      { name: 'record-attempts', text: RECORD_ATTEMPTS, values: columns([row], 11) },
      {
        name: 'webhook-health',
        text: WEBHOOK_HEALTH,
        values: [webhookId, failingSince?.toISOString() ?? null, enabled ?? null, disabledReason ?? null],
      },
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

  /** Events not fanned out yet (queued still, or their job was lost), oldest first, after `afterId`. */
  findNotFannedOut(olderThan: Date, limit: number, afterId = '') {
    return this.prisma.callEvent.findMany({
      where: { fannedOutAt: null, occurredAt: { lt: olderThan }, id: { gt: afterId } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  /** Pending deliveries of enabled webhooks that nothing has touched lately: their job may be gone. */
  findStalePending(quietSince: Date, limit: number) {
    return this.prisma.sql<{ id: string; replays: number; webhookId: string }>('stale-pending', STALE_PENDING, [
      quietSince.toISOString(),
      limit,
    ]);
  }
}
