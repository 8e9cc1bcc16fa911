-- The history's deliveries and attempts keep no foreign key onto the partitioned tables they belong to.
-- A delivery is only ever inserted from its event's row in the same statement (the fan-out), an attempt only for a
-- delivery its dispatcher holds; each id carries its event's month, so retention drops a month's events, deliveries
-- and attempts together. Checking each key against a partitioned table cost 4-18% of the dispatcher's burst pace
-- and 15% of PostgreSQL's CPU per delivery (README, Performance).
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_eventId_fkey";
ALTER TABLE "DeliveryAttempt" DROP CONSTRAINT "DeliveryAttempt_deliveryId_fkey";
