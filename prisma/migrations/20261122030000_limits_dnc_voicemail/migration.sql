-- Live-call limits per workspace, the do-not-call list, voicemail detection.
ALTER TABLE "Workspace" ADD COLUMN "liveCallLimit" INTEGER NOT NULL DEFAULT 10,
    ADD COLUMN "reservedForInbound" INTEGER NOT NULL DEFAULT 2;

CREATE TABLE "DncEntry" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DncEntry_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "DncEntry_workspaceId_number_key" ON "DncEntry"("workspaceId", "number");
CREATE INDEX "DncEntry_workspaceId_createdAt_id_idx" ON "DncEntry"("workspaceId", "createdAt" DESC, "id" DESC);
ALTER TABLE "DncEntry" ADD CONSTRAINT "DncEntry_workspaceId_fkey" FOREIGN KEY ("workspaceId")
    REFERENCES "Workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Voicemail detection: the assistant's setting and who answered a call.
ALTER TABLE "Assistant" ADD COLUMN "voicemail" JSONB;
ALTER TABLE "Call" ADD COLUMN "answeredBy" TEXT;
