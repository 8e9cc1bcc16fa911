-- Post-call analysis (README "Post-call analysis"): what an assistant with a model brain asks for,
-- and on each call the analysis, once done, with the engine's claim on the work.
ALTER TABLE "Assistant" ADD COLUMN "analysis" JSONB;
ALTER TABLE "Call" ADD COLUMN "analysisDue" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Call" ADD COLUMN "analysisStartedAt" TIMESTAMP(3);
ALTER TABLE "Call" ADD COLUMN "analysis" JSONB;
-- The reconciler finds the calls whose analysis is owed.
CREATE INDEX "Call_analysisDue_idx" ON "Call"("analysisDue");
