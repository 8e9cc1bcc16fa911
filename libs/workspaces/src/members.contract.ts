import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Account, Invite } from '@app/db';
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

/** A pending invitation (its token is never shown again). */
export const InviteRecord = contract(
  'InviteRecord',
  z.object({
    inviteId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    invitedBy: z.string().describe('accountId of the admin or owner who invited'),
    createdAt: timestamp(),
    expiresAt: timestamp(),
  }),
);
export type InviteRecord = z.infer<typeof InviteRecord>;
export const InviteList = contract('InviteList', listOf(InviteRecord));

export function presentInvite(i: Invite): InviteRecord {
  return {
    inviteId: i.id,
    email: i.email,
    role: i.role,
    invitedBy: i.invitedById,
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
  };
}
