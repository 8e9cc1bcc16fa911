import { Prisma } from './generated/prisma/client';

/**
 * A moment as the timestamp columns (UTC, without time zone) hold it; null stays NULL. `at` may also be a
 * statement's placeholder, filled with an ISO string when it runs.
 */
export const utcTimestamp = (at: Date | string | null | object) =>
  Prisma.sql`${at instanceof Date ? at.toISOString() : at}::timestamptz AT TIME ZONE 'UTC'`;
