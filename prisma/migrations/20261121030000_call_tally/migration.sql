-- CreateTable
CREATE TABLE "CallTally" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "assistantId" TEXT NOT NULL,
    "status" "CallStatus" NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "CallTally_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CallTally_workspaceId_status_assistantId_idx" ON "CallTally"("workspaceId", "status", "assistantId");

-- Counts of existing calls
INSERT INTO "CallTally" ("workspaceId", "assistantId", "status", "delta")
SELECT "workspaceId", "assistantId", "status", count(*)::int FROM "Call" GROUP BY 1, 2, 3;

-- Every insert, status change or delete of a call appends its +1/-1 rows
CREATE FUNCTION "call_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "CallTally" ("workspaceId", "assistantId", "status", "delta") VALUES (OLD."workspaceId", OLD."assistantId", OLD."status", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "CallTally" ("workspaceId", "assistantId", "status", "delta") VALUES (NEW."workspaceId", NEW."assistantId", NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "call_tally_insert_delete" AFTER INSERT OR DELETE ON "Call" FOR EACH ROW EXECUTE FUNCTION "call_tally"();
CREATE TRIGGER "call_tally_update" AFTER UPDATE OF "status", "assistantId", "workspaceId" ON "Call" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."assistantId" IS DISTINCT FROM NEW."assistantId" OR OLD."workspaceId" IS DISTINCT FROM NEW."workspaceId")
  EXECUTE FUNCTION "call_tally"();
