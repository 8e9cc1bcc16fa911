-- The live-call gate every admitted call passes (libs/calls/src/admission/call-admission.ts), called from inside
-- the admission statement. It locks the workspace row (admissions of a workspace take turns) and only then reads
-- the limit, the inbound reserve, the do-not-call list and the live calls; a VOLATILE function's queries take a
-- fresh snapshot each, so the count sees every call committed before the lock was granted, though the calling
-- statement's snapshot is older. The lock is held until the calling transaction ends, after its insert.
-- Installed by migration 20261124010000_call_admission; a test checks the database's copy equals this file.
CREATE FUNCTION "call_admission_gate"(workspace_id TEXT, destination TEXT,
                                      OUT call_limit INTEGER, OUT reserved INTEGER, OUT listed BOOLEAN,
                                      OUT live INTEGER)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT "liveCallLimit", "reservedForInbound" INTO call_limit, reserved FROM "Workspace"
  WHERE id = workspace_id FOR UPDATE;
  SELECT EXISTS (SELECT 1 FROM "DncEntry" WHERE "workspaceId" = workspace_id AND number = destination) INTO listed;
  SELECT count(*)::int INTO live FROM "Call"
  WHERE "workspaceId" = workspace_id AND status IN ('ringing', 'in-progress');
END $$;
