-- Brains (README "Brains"): who decides what the assistant says; a simulated call's caller lines and
-- the conversation a model brain held in a simulated call (replayed at the simulator's pace).
ALTER TABLE "Assistant" ADD COLUMN "brain" JSONB;
ALTER TABLE "Call" ADD COLUMN "simulatedCaller" JSONB;
ALTER TABLE "Call" ADD COLUMN "conversation" JSONB;
