-- Campaigns: lists of calls placed with one assistant, paced and retried.
CREATE TYPE "CampaignStatus" AS ENUM ('scheduled', 'running', 'paused', 'completed', 'cancelled');

CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "assistantId" TEXT NOT NULL,
    "from" TEXT,
    "numberId" TEXT,
    "status" "CampaignStatus" NOT NULL DEFAULT 'scheduled',
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "startAt" TIMESTAMP(3),
    "window" JSONB,
    "maxConcurrency" INTEGER NOT NULL,
    "callsPerMinute" INTEGER,
    "retry" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Campaign_workspaceId_createdAt_id_idx" ON "Campaign"("workspaceId", "createdAt" DESC, "id" DESC);
CREATE INDEX "Campaign_status_idx" ON "Campaign"("status");
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_workspaceId_fkey" FOREIGN KEY ("workspaceId")
    REFERENCES "Workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_assistantId_fkey" FOREIGN KEY ("assistantId")
    REFERENCES "Assistant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "CampaignRecipient" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "metadata" JSONB,
    "timezone" TEXT,
    "outcome" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "callIds" TEXT[],
    "lastCallId" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CampaignRecipient_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CampaignRecipient_campaignId_to_key" ON "CampaignRecipient"("campaignId", "to");
CREATE INDEX "CampaignRecipient_campaignId_outcome_nextAttemptAt_idx"
    ON "CampaignRecipient"("campaignId", "outcome", "nextAttemptAt");
ALTER TABLE "CampaignRecipient" ADD CONSTRAINT "CampaignRecipient_campaignId_fkey" FOREIGN KEY ("campaignId")
    REFERENCES "Campaign"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "Call" ADD COLUMN "campaignId" TEXT;
CREATE INDEX "Call_campaignId_status_idx" ON "Call"("campaignId", "status");
