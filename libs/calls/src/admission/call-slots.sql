-- Live-call slots: admission whose cost does not grow with the live calls (libs/calls/src/admission/call-admission.ts).
-- A workspace has one "CallSlot" row per call it may have live at once (slots 0 … liveCallLimit-1); a live call
-- holds one. Admission claims a free slot with FOR UPDATE SKIP LOCKED in its own statement, so two admissions of a
-- workspace never wait for each other's commit and nothing is counted. An inbound call is never refused: with no
-- free slot it takes an overflow row (a negative slot). A call's final transition frees its slot in the same
-- transaction (call_slot_release, a trigger, so every path that ends a call does, the reconciler's included).
-- The call's row names its slot ("Call".slot); a call moved to another slot (below) is found in "CallSlotMove".
-- "CallSlot" has no index but its key, and room in each page (fillfactor 50): a claim and a release change only
-- "callId", so both are HOT updates that write no index entry (an index on "callId", or a partial one on the free
-- slots, made each of them write index entries: start-call across 20 workspaces against the essential floor,
-- in alternating rounds on a fresh database, 0.71 with them, 0.80-0.81 without; README, Performance). Claims read
-- the key in slot order (call_slot_free).
--
-- Invariant, which makes the slots as exact as counting live calls:
--   (a) a free slot below the limit exists only when no call holds an overflow row or a slot at or above the limit;
--   (b) a free slot at or above the reserve exists only when no call holds a slot below the reserve.
-- Claims take a free slot at or above the reserve when there is one, and only then (not campaigns) one below it; a
-- freed slot is handed to a call that (a) or (b) says should move into it. Within the range a claim looks below the
-- slot its process claimed last in the workspace, and above it only when none is free there: claims that all started
-- from the top stepped over every slot claimed since the last one (`npm run bench -- slots`). Random starting points
-- were tried: they walk less but touch a random heap page per claim, and PostgreSQL's CPU per start-call rose.
-- So "a free slot below the limit" means live < limit, and "a free slot at or above the reserve" means
-- live < limit - reserve: the API and campaign rules of admission-rules.ts.
-- call_slots_rebalance restores both after the limits change (a trigger on "Workspace"); limits take effect for new
-- admissions at once. Installed by migrations 20261124090000_call_slots and 20261128040000_call_slots_hot; a test
-- checks the database's copy equals this file.

-- The highest free slot in [low, high) of a workspace, locked; skips slots being claimed or freed right now. The
-- key is read in slot order whatever the statistics say: before the first ANALYZE of a fresh table the planner
-- sorted every slot of the range instead (start-call across 20 workspaces at a third of its pace).
CREATE FUNCTION "call_slot_free"(workspace_id TEXT, low INTEGER, high INTEGER) RETURNS INTEGER
LANGUAGE plpgsql SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  RETURN (SELECT slot FROM "CallSlot"
          WHERE "workspaceId" = workspace_id AND "callId" IS NULL AND slot >= low AND slot < high
          ORDER BY slot DESC LIMIT 1 FOR UPDATE SKIP LOCKED);
END $$;

CREATE FUNCTION "call_slot_release"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  moved INTEGER;
  freed INTEGER;
  call_limit INTEGER;
  reserved INTEGER;
  mover RECORD;
BEGIN
  UPDATE "CallSlot" SET "callId" = NULL
  WHERE "workspaceId" = OLD."workspaceId" AND slot = OLD.slot AND "callId" = OLD.id RETURNING slot INTO freed;
  IF freed IS NULL THEN
    -- not the slot it was admitted to: it was moved (a move left behind otherwise goes with the reconciler's pass)
    DELETE FROM "CallSlotMove" WHERE "callId" = OLD.id RETURNING slot INTO moved;
    UPDATE "CallSlot" SET "callId" = NULL WHERE "workspaceId" = OLD."workspaceId" AND slot = moved AND "callId" = OLD.id
    RETURNING slot INTO freed;
  END IF;
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
    PERFORM "call_slot_moved"(mover."callId", freed);
  END IF;
  RETURN NULL;
END $$;

-- A call moved to another slot: its row is not touched (the engine may hold it locked, and a release waiting for it
-- while that call's own release waits for the slot row would deadlock), the move is written down instead.
CREATE FUNCTION "call_slot_moved"(call_id TEXT, moved_to INTEGER) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CallSlotMove" ("callId", slot) VALUES (call_id, moved_to)
  ON CONFLICT ("callId") DO UPDATE SET slot = EXCLUDED.slot;
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
    PERFORM "call_slot_moved"(mover."callId", target);
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
