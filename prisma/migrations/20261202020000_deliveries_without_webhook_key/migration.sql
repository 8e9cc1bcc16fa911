-- Deliveries keep no foreign key onto their webhook either. Each insert's check took a KEY SHARE lock on the
-- webhook's row, the same few rows for every concurrent fan-out (multixacts): 3,232-3,327 delivery rows/s from 8
-- connections with it, 3,661-3,738 without (README, Performance). A delivery is only inserted by a fan-out for a
-- webhook it has just read, and webhooks are never deleted (DELETE marks deletedAt), so the key guarded nothing.
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_webhookId_fkey";
