-- AlterTable
ALTER TABLE "CallEvent" ADD COLUMN     "fannedOutAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "attemptLimit" INTEGER NOT NULL,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "replays" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "CallEvent_fannedOutAt_idx" ON "CallEvent"("fannedOutAt");
