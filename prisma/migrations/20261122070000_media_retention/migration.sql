-- Retention of transcripts and recordings: a workspace setting (null keeps them), and on the call
-- when they were removed (the call's row stays).
ALTER TABLE "Workspace" ADD COLUMN "mediaRetentionDays" INTEGER;
ALTER TABLE "Call" ADD COLUMN "mediaRemovedAt" TIMESTAMP(3);
CREATE INDEX "Call_workspaceId_endedAt_idx" ON "Call"("workspaceId", "endedAt");
