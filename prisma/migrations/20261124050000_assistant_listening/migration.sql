-- Per-assistant turn-taking on real calls (README "Real calls over SIP").
ALTER TABLE "Assistant" ADD COLUMN "listening" JSONB;
