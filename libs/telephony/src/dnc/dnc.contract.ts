import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';

/** An entry of the do-not-call list (README "Do-not-call list"). */
export const DncRecord = contract(
  'DncRecord',
  z.object({
    number: z.string().describe('E.164').meta({ example: '+14155552671' }),
    reason: z.string().nullable(),
    createdAt: timestamp(),
  }),
);
export type DncRecord = z.infer<typeof DncRecord>;
export const DncList = contract('DncList', listOf(DncRecord));

export function presentDnc(e: { number: string; reason: string | null; createdAt: Date }): DncRecord {
  return { number: e.number, reason: e.reason, createdAt: e.createdAt.toISOString() };
}
