import { Prisma } from './generated/prisma/client';

/** A moment as the timestamp columns (UTC, without time zone) hold it; null stays NULL. */
export const utcTimestamp = (at: Date | string | null) =>
  Prisma.sql`${at instanceof Date ? at.toISOString() : at}::timestamptz AT TIME ZONE 'UTC'`;
