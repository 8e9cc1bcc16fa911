import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, migrate } from '@app/db';

export { waitFor } from './wait';

/**
 * Gives the calling test file a database and Redis prefix of its own. Suites that run engines or
 * dispatchers use it: those reconcile every row they can see, so they must not see other suites'.
 * Call before booting any module; returns the cleanup for afterAll.
 */
export async function isolateSuite(label: string): Promise<() => Promise<void>> {
  const suffix = `${label}_${randomBytes(3).toString('hex')}`;
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_${suffix}`;
  process.env.DATABASE_URL = url.toString();
  process.env.QUEUE_PREFIX = `${process.env.QUEUE_PREFIX}_${suffix}`;
  await ensureDatabase(process.env.DATABASE_URL);
  await migrate(process.env.DATABASE_URL);
  return async () => {
    if (process.env.KEEP_TEST_DB !== '1') await dropDatabase(url.toString());
  };
}

/** Prisma filter: calls still live, or ended after connecting but still missing transcript or recording. */
export const unfinishedCalls = (ids: string[]) => ({
  id: { in: ids },
  OR: [
    { status: { in: ['ringing' as const, 'in_progress' as const] } },
    { connectedAt: { not: null }, OR: [{ transcriptReady: false }, { recordingReady: false }] },
  ],
});
