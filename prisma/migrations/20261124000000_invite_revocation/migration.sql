-- An invitation can be revoked: by an admin, or by the service when its inviter is removed or can no longer
-- grant its role. A revoked invitation is never accepted.
ALTER TABLE "Invite" ADD COLUMN "revokedAt" TIMESTAMP(3);
CREATE INDEX "Invite_invitedById_idx" ON "Invite"("invitedById");
