-- Campaign events (campaign.started, campaign.paused, campaign.completed) travel the same outbox as call events.
ALTER TABLE "CallEvent" ALTER COLUMN "callId" DROP NOT NULL;
ALTER TABLE "Campaign" ADD COLUMN "eventCount" INTEGER NOT NULL DEFAULT 0;
