-- Live-call slots: admission whose cost does not grow with the live calls (libs/calls/src/admission/call-admission.ts).
-- A workspace has one "CallSlot" row per call it may have live at once (slots 0 … liveCallLimit-1); a live call
-- holds one. Admission claims a free slot with FOR UPDATE SKIP LOCKED in its own statement, so two admissions of a
-- workspace never wait for each other's commit and nothing is counted. An inbound call is never refused: with no
-- free slot it takes an overflow row (a negative slot). A call's final transition frees its slot in the same
-- transaction (call_slot_release, a trigger, so every path that ends a call does, the reconciler's included).
--
-- Invariant, which makes the slots as exact as counting live calls:
--   (a) a free slot below the limit exists only when no call holds an overflow row or a slot at or above the limit;
--   (b) a free slot at or above the reserve exists only when no call holds a slot below the reserve.
-- Claims take a free slot at or above the reserve when there is one, and only then (not campaigns) one below it; a
-- freed slot is handed to a call that (a) or (b) says should move into it. Within the range a claim looks below the
-- slot its process claimed last in the workspace, and above it only when none is free there: each claim leaves a dead
-- entry in the free-slot index until VACUUM, and claims that all started from the top stepped over every slot claimed
-- since the last one (160 index pages after 22,000 claims; `npm run bench -- slots`: 30,000 claims at 8.8k/s, 90,000
-- at 6.5k/s, against 11.2k/s for both from the last claim). Random starting points were tried: they walk less but
-- touch a random heap page per claim, and PostgreSQL's CPU per start-call rose.
-- So "a free slot below the limit" means live < limit, and "a free slot at or above the reserve" means
-- live < limit - reserve: the API and campaign rules of admission-rules.ts.
-- call_slots_rebalance restores both after the limits change (a trigger on "Workspace"); limits take effect for new
-- admissions at once. Installed by migration 20261124090000_call_slots; a test checks the database's copy equals
-- this file.

CREATE FUNCTION "call_slot_release"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  freed INTEGER;
  call_limit INTEGER;
  reserved INTEGER;
  mover RECORD;
BEGIN
  UPDATE "CallSlot" SET "callId" = NULL WHERE "callId" = OLD.id RETURNING slot INTO freed;
  IF freed IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT "liveCallLimit", "reservedForInbound" INTO call_limit, reserved FROM "Workspace" WHERE id = OLD."workspaceId";
  IF freed < 0 OR freed >= call_limit THEN
    DELETE FROM "CallSlot" WHERE "workspaceId" = OLD."workspaceId" AND slot = freed;
    RETURN NULL;
  END IF;
  -- (a): a call past the limit moves in; else (b): a call below the reserve moves up into a slot above it
  SELECT slot, "callId" INTO mover FROM "CallSlot"
  WHERE "workspaceId" = OLD."workspaceId" AND "callId" IS NOT NULL AND (slot < 0 OR slot >= call_limit)
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF mover IS NULL AND freed >= reserved THEN
    SELECT slot, "callId" INTO mover FROM "CallSlot"
    WHERE "workspaceId" = OLD."workspaceId" AND "callId" IS NOT NULL AND slot >= 0 AND slot < reserved
    LIMIT 1 FOR UPDATE SKIP LOCKED;
  END IF;
  IF mover IS NOT NULL THEN
    IF mover.slot < 0 OR mover.slot >= call_limit THEN
      DELETE FROM "CallSlot" WHERE "workspaceId" = OLD."workspaceId" AND slot = mover.slot;
    ELSE
      UPDATE "CallSlot" SET "callId" = NULL WHERE "workspaceId" = OLD."workspaceId" AND slot = mover.slot;
    END IF;
    UPDATE "CallSlot" SET "callId" = mover."callId" WHERE "workspaceId" = OLD."workspaceId" AND slot = freed;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "call_slots_rebalance"(workspace_id TEXT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  call_limit INTEGER;
  reserved INTEGER;
  mover RECORD;
  target INTEGER;
BEGIN
  SELECT "liveCallLimit", "reservedForInbound" INTO call_limit, reserved FROM "Workspace" WHERE id = workspace_id;
  INSERT INTO "CallSlot" ("workspaceId", slot)
  SELECT workspace_id, s FROM generate_series(0, call_limit - 1) s
  ON CONFLICT DO NOTHING;
  -- (a), then (b): each mover takes the highest free slot its rule allows
  FOR mover IN
    SELECT slot, "callId" FROM "CallSlot"
    WHERE "workspaceId" = workspace_id AND "callId" IS NOT NULL AND (slot < 0 OR slot >= call_limit OR slot < reserved)
    ORDER BY (slot >= 0 AND slot < reserved), slot
    FOR UPDATE
  LOOP
    SELECT slot INTO target FROM "CallSlot"
    WHERE "workspaceId" = workspace_id AND "callId" IS NULL AND slot < call_limit
      AND slot >= CASE WHEN mover.slot >= 0 AND mover.slot < reserved THEN reserved ELSE 0 END
    ORDER BY slot DESC LIMIT 1 FOR UPDATE;
    EXIT WHEN target IS NULL;
    CONTINUE WHEN target <= mover.slot AND mover.slot >= 0 AND mover.slot < call_limit;
    UPDATE "CallSlot" SET "callId" = NULL WHERE "workspaceId" = workspace_id AND slot = mover.slot;
    UPDATE "CallSlot" SET "callId" = mover."callId" WHERE "workspaceId" = workspace_id AND slot = target;
  END LOOP;
  DELETE FROM "CallSlot"
  WHERE "workspaceId" = workspace_id AND "callId" IS NULL AND (slot < 0 OR slot >= call_limit);
END $$;

CREATE FUNCTION "call_slots_follow_limits"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "call_slots_rebalance"(NEW.id);
  RETURN NULL;
END $$;
