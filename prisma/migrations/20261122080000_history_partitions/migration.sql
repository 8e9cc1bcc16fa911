-- The history (CallEvent, WebhookDelivery, DeliveryAttempt) becomes range-partitioned by id, a ULID whose first
-- ten characters are its time: one partition per month, so retention drops a month's tables instead of deleting
-- rows. A delivery's id carries its event's time and an attempt's its delivery's, so an event, its deliveries and
-- their attempts share a month and leave together. The engine creates months ahead and drops expired ones
-- (apps/call-engine/src/retention/history-partitions.ts); this migration turns the existing tables into the first
-- partition (everything up to next month) and creates three months ahead.
--
-- A unique index of a partitioned table must contain its partition key, so the two keys that were not the id
-- move: a call's event sequence is counted on the call's row ("eventCount", as campaigns count theirs), and a
-- delivery's id is derived from (event, webhook), so its primary key is the one-delivery-per-pair key.

ALTER TABLE "Call" ADD COLUMN "eventCount" INTEGER NOT NULL DEFAULT 0;
UPDATE "Call" c SET "eventCount" = s.n
FROM (SELECT "callId", max(sequence) AS n FROM "CallEvent" WHERE "callId" IS NOT NULL GROUP BY "callId") s
WHERE c.id = s."callId";

-- The smallest id of this prefix made at `at` (as idAtTime in libs/platform/src/ids.ts).
CREATE FUNCTION "history_id_floor"(prefix TEXT, at TIMESTAMPTZ) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT prefix || '_' || string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz',
           ((t.ms >> (5 * (9 - i))) & 31)::int + 1, 1), '' ORDER BY i) || repeat('0', 16)
  FROM generate_series(0, 9) i, (SELECT floor(extract(epoch FROM at) * 1000)::bigint AS ms) t
$$;

-- The old tables lose their keys, indexes and foreign keys and become the first partitions.
ALTER TABLE "DeliveryAttempt" DROP CONSTRAINT "DeliveryAttempt_deliveryId_fkey";
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_eventId_fkey";
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_webhookId_fkey";
ALTER TABLE "CallEvent" DROP CONSTRAINT "CallEvent_workspaceId_fkey";
ALTER TABLE "CallEvent" DROP CONSTRAINT "CallEvent_callId_fkey";
ALTER TABLE "DeliveryAttempt" DROP CONSTRAINT "DeliveryAttempt_pkey";
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_pkey";
ALTER TABLE "CallEvent" DROP CONSTRAINT "CallEvent_pkey";
DROP INDEX "CallEvent_workspaceId_id_idx";
DROP INDEX "CallEvent_publishedAt_idx";
DROP INDEX "CallEvent_fannedOutAt_idx";
DROP INDEX "CallEvent_callId_sequence_key";
DROP INDEX "CallEvent_callId_type_key";
DROP INDEX "WebhookDelivery_webhookId_createdAt_id_idx";
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";
DROP INDEX "WebhookDelivery_webhookId_eventId_key";
DROP INDEX "DeliveryAttempt_deliveryId_number_idx";
ALTER TABLE "CallEvent" RENAME TO "CallEvent_first";
ALTER TABLE "WebhookDelivery" RENAME TO "WebhookDelivery_first";
ALTER TABLE "DeliveryAttempt" RENAME TO "DeliveryAttempt_first";

CREATE TABLE "CallEvent" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "callId" TEXT,
    "type" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),
    "fannedOutAt" TIMESTAMP(3),

    CONSTRAINT "CallEvent_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");

CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "attemptLimit" INTEGER NOT NULL,
    "replays" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "lastAttemptAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");

CREATE TABLE "DeliveryAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "statusCode" INTEGER,
    "errorClass" TEXT,
    "responseBody" TEXT,

    CONSTRAINT "DeliveryAttempt_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");

CREATE INDEX "CallEvent_callId_sequence_idx" ON "CallEvent"("callId", "sequence");
CREATE INDEX "CallEvent_workspaceId_id_idx" ON "CallEvent"("workspaceId", "id");
CREATE INDEX "CallEvent_publishedAt_idx" ON "CallEvent"("publishedAt");
CREATE INDEX "CallEvent_fannedOutAt_idx" ON "CallEvent"("fannedOutAt");
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");
CREATE INDEX "WebhookDelivery_webhookId_createdAt_id_idx"
  ON "WebhookDelivery"("webhookId", "createdAt" DESC, "id" DESC);
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE INDEX "DeliveryAttempt_deliveryId_number_idx" ON "DeliveryAttempt"("deliveryId", "number");

-- The first partitions hold everything up to next month (their rows are checked and indexed as they attach),
-- then one partition per month for three months.
DO $$
DECLARE
  t RECORD;
  next_month TIMESTAMPTZ := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '1 month';
  first TEXT;
  m TIMESTAMPTZ;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('CallEvent', 'evt'), ('WebhookDelivery', 'dlv'), ('DeliveryAttempt', 'att'))
             AS v(tbl, prefix) LOOP
    first := t.tbl || '_until_' || to_char(next_month AT TIME ZONE 'UTC', 'YYYY_MM');
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t.tbl || '_first', first);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)',
                   t.tbl, first, history_id_floor(t.prefix, next_month));
    FOR i IN 0..2 LOOP
      m := next_month + make_interval(months => i);
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                     t.tbl || '_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'), t.tbl,
                     history_id_floor(t.prefix, m), history_id_floor(t.prefix, m + interval '1 month'));
    END LOOP;
  END LOOP;
END $$;

ALTER TABLE "CallEvent" ADD CONSTRAINT "CallEvent_workspaceId_fkey"
  FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "CallEvent" ADD CONSTRAINT "CallEvent_callId_fkey"
  FOREIGN KEY ("callId") REFERENCES "Call"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_webhookId_fkey"
  FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey"
  FOREIGN KEY ("eventId") REFERENCES "CallEvent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "DeliveryAttempt" ADD CONSTRAINT "DeliveryAttempt_deliveryId_fkey"
  FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
