-- Blind transfer of a connected call (POST /voice/call/{callId}/transfer, or a script step).
ALTER TABLE "Call" ADD COLUMN "transferTo" TEXT;
