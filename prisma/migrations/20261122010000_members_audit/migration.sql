-- Invitations to join a workspace, and the audit log.
CREATE TABLE "Invite" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");
CREATE INDEX "Invite_workspaceId_createdAt_idx" ON "Invite"("workspaceId", "createdAt");

CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "actorAccountId" TEXT,
    "actorKeyId" TEXT,
    "clientIp" TEXT,
    "targetType" TEXT,
    "targetId" TEXT,
    "details" JSONB,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AuditEntry_workspaceId_id_idx" ON "AuditEntry"("workspaceId", "id");
CREATE INDEX "AuditEntry_workspaceId_action_id_idx" ON "AuditEntry"("workspaceId", "action", "id");
