-- Calls over SIP trunks: the trunk a call went out or came in on, and the engine that holds its
-- dialog (a lease renewed every second; the reconciler ends the call when it runs out).
ALTER TABLE "Call" ADD COLUMN "trunkId" TEXT;
ALTER TABLE "Call" ADD COLUMN "sipEngine" TEXT;
ALTER TABLE "Call" ADD COLUMN "sipSeenAt" TIMESTAMP(3);
CREATE INDEX "Call_sipEngine_idx" ON "Call"("sipEngine");
