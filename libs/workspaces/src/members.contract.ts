import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Account } from '@app/db';
import { ROLES } from './roles';

export const MemberRecord = contract(
  'MemberRecord',
  z.object({
    accountId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: timestamp(),
  }),
);
export type MemberRecord = z.infer<typeof MemberRecord>;
export const MemberList = contract('MemberList', listOf(MemberRecord));

export const InviteCreated = contract(
  'InviteCreated',
  z.object({
    inviteId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    token: z.string().describe('One-time token, shown only here; POST /api/core/auth/accept-invite takes it'),
    inviteUrl: z.string().describe('The console page that accepts the invitation'),
    expiresAt: timestamp(),
  }),
);

export function presentMember(a: Account): MemberRecord {
  return { accountId: a.id, email: a.email ?? '', name: a.name, role: a.role, createdAt: a.createdAt.toISOString() };
}
