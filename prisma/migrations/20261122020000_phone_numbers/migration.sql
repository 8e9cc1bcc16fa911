-- Phone numbers a workspace holds, caller ID on outbound calls, inbound calls.
CREATE TYPE "NumberSource" AS ENUM ('provisioned', 'imported');

CREATE TABLE "PhoneNumber" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "label" TEXT,
    "source" "NumberSource" NOT NULL,
    "assistantId" TEXT,
    "assistantRequestUrl" TEXT,
    "assistantRequestSecretEnc" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PhoneNumber_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "PhoneNumber_number_key" ON "PhoneNumber"("number");
CREATE INDEX "PhoneNumber_workspaceId_createdAt_id_idx" ON "PhoneNumber"("workspaceId", "createdAt" DESC, "id" DESC);
CREATE INDEX "PhoneNumber_assistantId_idx" ON "PhoneNumber"("assistantId");
ALTER TABLE "PhoneNumber" ADD CONSTRAINT "PhoneNumber_workspaceId_fkey" FOREIGN KEY ("workspaceId")
    REFERENCES "Workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "PhoneNumber" ADD CONSTRAINT "PhoneNumber_assistantId_fkey" FOREIGN KEY ("assistantId")
    REFERENCES "Assistant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "Workspace" ADD COLUMN "defaultNumberId" TEXT;
CREATE UNIQUE INDEX "Workspace_defaultNumberId_key" ON "Workspace"("defaultNumberId");
ALTER TABLE "Workspace" ADD CONSTRAINT "Workspace_defaultNumberId_fkey" FOREIGN KEY ("defaultNumberId")
    REFERENCES "PhoneNumber"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An inbound call rings before its assistant is chosen.
ALTER TABLE "Call" ALTER COLUMN "assistantId" DROP NOT NULL,
    ADD COLUMN "from" TEXT,
    ADD COLUMN "numberId" TEXT,
    ADD COLUMN "assistantRequestedAt" TIMESTAMP(3);
ALTER TABLE "CallTally" ALTER COLUMN "assistantId" DROP NOT NULL;
CREATE INDEX "Call_workspaceId_direction_createdAt_idx" ON "Call"("workspaceId", "direction", "createdAt" DESC);
CREATE INDEX "Call_workspaceId_to_createdAt_idx" ON "Call"("workspaceId", "to", "createdAt" DESC);
CREATE INDEX "Call_workspaceId_from_createdAt_idx" ON "Call"("workspaceId", "from", "createdAt" DESC);
