import { Injectable } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { RecordingStorage } from './recording-storage';

/** Calls whose media one pass removes at most (the next pass takes the rest). */
export const MEDIA_RETENTION_BATCH = 500;
// Any constant both engines agree on: the advisory lock that lets one engine run the pass at a time.
const LOCK_KEY = 16_016;

/**
 * Retention of transcripts and recordings (Workspace.mediaRetentionDays; null keeps them): calls
 * that ended longer ago are marked mediaRemovedAt and their transcript rows deleted in one
 * statement; then recording files of marked calls are deleted before their rows, so a crash between
 * the two leaves a row the next pass finds again, never a file nobody knows. The call row stays.
 */
@Injectable()
export class MediaRetentionRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly storage: RecordingStorage,
  ) {}

  /** One pass, by one engine at a time; returns the calls whose media it marked removed. */
  async removeDue(now: Date): Promise<string[]> {
    return this.prisma.$transaction(
      async (tx) => {
        const [{ locked }] = await tx.$queryRaw<
          { locked: boolean }[]
        >`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS locked`;
        if (!locked) return [];
        const marked = await tx.$queryRaw<{ id: string }[]>`
          WITH due AS (
            SELECT c.id FROM "Call" c JOIN "Workspace" w ON w.id = c."workspaceId"
            WHERE w."mediaRetentionDays" IS NOT NULL AND c."mediaRemovedAt" IS NULL
              AND c."endedAt" < ${now}::timestamp - make_interval(days => w."mediaRetentionDays")
              AND (c."transcriptReady" OR c."recordingReady")
            LIMIT ${MEDIA_RETENTION_BATCH}
          ), removed AS (
            UPDATE "Call" SET "mediaRemovedAt" = ${now}, "updatedAt" = ${now} WHERE id IN (SELECT id FROM due)
            RETURNING id
          ), transcripts AS (DELETE FROM "Transcript" WHERE "callId" IN (SELECT id FROM removed))
          SELECT id FROM removed`;
        const recordings = await tx.$queryRaw<{ id: string; storageKey: string }[]>`
          SELECT r.id, r."storageKey" FROM "Recording" r JOIN "Call" c ON c.id = r."callId"
          WHERE c."mediaRemovedAt" IS NOT NULL LIMIT ${MEDIA_RETENTION_BATCH}`;
        for (const r of recordings) await this.storage.remove(r.storageKey);
        if (recordings.length) await tx.recording.deleteMany({ where: { id: { in: recordings.map((r) => r.id) } } });
        return marked.map((c) => c.id);
      },
      { timeout: 60_000 },
    );
  }
}
