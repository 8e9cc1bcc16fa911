-- The live-call gate of start-call, in one round trip: called from inside the start-call statement.
-- It locks the workspace row (start-calls of a workspace take turns) and only then counts the live
-- calls; a VOLATILE function's queries take a fresh snapshot each, so the count sees every call
-- committed before the lock was granted, though the calling statement's snapshot is older. The lock
-- is held until the calling statement's transaction ends, after its insert.
CREATE FUNCTION "start_call_gate"(workspace_id TEXT, destination TEXT,
                                  OUT call_limit INTEGER, OUT listed BOOLEAN, OUT live INTEGER)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT "liveCallLimit" INTO call_limit FROM "Workspace" WHERE id = workspace_id FOR UPDATE;
  SELECT EXISTS (SELECT 1 FROM "DncEntry" WHERE "workspaceId" = workspace_id AND number = destination) INTO listed;
  SELECT count(*)::int INTO live FROM "Call"
  WHERE "workspaceId" = workspace_id AND status IN ('ringing', 'in-progress');
END $$;
