-- The overview's aggregates over a window of a workspace's calls read this index alone (index-only scans).
CREATE INDEX "Call_overview_idx" ON "Call" ("workspaceId", "createdAt", "status", "connectedAt", "durationSec");

-- Failed deliveries of a workspace in a window (few rows of many: partial).
CREATE INDEX "WebhookDelivery_failed_idx" ON "WebhookDelivery" ("workspaceId", "createdAt") WHERE "status" = 'failed';
