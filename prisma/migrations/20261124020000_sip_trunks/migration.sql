-- SIP trunks (bring your own carrier): where a workspace's calls leave and arrive; a number may be carried by one.
CREATE TYPE "SipTransport" AS ENUM ('udp', 'tcp');

CREATE TABLE "SipTrunk" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL DEFAULT 5060,
    "transport" "SipTransport" NOT NULL DEFAULT 'udp',
    "username" TEXT,
    "passwordEnc" TEXT,
    "inboundCidrs" TEXT[],
    "inboundUsername" TEXT,
    "inboundPasswordEnc" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SipTrunk_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "SipTrunk_workspaceId_createdAt_id_idx" ON "SipTrunk"("workspaceId", "createdAt" DESC, "id" DESC);
ALTER TABLE "SipTrunk" ADD CONSTRAINT "SipTrunk_workspaceId_fkey" FOREIGN KEY ("workspaceId")
    REFERENCES "Workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "PhoneNumber" ADD COLUMN "trunkId" TEXT;
CREATE INDEX "PhoneNumber_trunkId_idx" ON "PhoneNumber"("trunkId");
ALTER TABLE "PhoneNumber" ADD CONSTRAINT "PhoneNumber_trunkId_fkey" FOREIGN KEY ("trunkId")
    REFERENCES "SipTrunk"("id") ON DELETE SET NULL ON UPDATE CASCADE;
