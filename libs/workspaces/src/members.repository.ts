import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, newId } from '@app/platform';
import { isUniqueViolation, PrismaService, type Account } from '@app/db';
import { ROLES, roleAtLeast, type RoleName } from './roles';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const GONE = 'Invitation (unknown, already used, expired or revoked)';

/** May someone of this role (still) have invited to `role`? Inviting takes an admin. */
const mayGrant = (inviter: RoleName, role: RoleName) => roleAtLeast(inviter, 'admin') && roleAtLeast(inviter, role);
const hashInvite = (token: string) => createHash('sha256').update(`invite:${token}`, 'utf8').digest('hex');

/**
 * The people of a workspace: listing, inviting, changing roles, removing. Changes that could leave
 * a workspace without an owner run under a lock on the workspace's row, so two concurrent
 * demotions cannot both pass the "another owner remains" check.
 */
@Injectable()
export class MembersRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(workspaceId: string, skip: number, take: number) {
    const where = { workspaceId, email: { not: null }, removedAt: null };
    return this.prisma.$transaction([
      this.prisma.account.count({ where }),
      this.prisma.account.findMany({ where, orderBy: { createdAt: 'asc' }, skip, take }),
    ]);
  }

  find(workspaceId: string, accountId: string) {
    return this.prisma.account.findFirst({
      where: { id: accountId, workspaceId, email: { not: null }, removedAt: null },
    });
  }

  /** A one-time invitation; answers the token (only its hash is stored). */
  async invite(workspaceId: string, email: string, role: RoleName, invitedById: string) {
    const token = randomBytes(32).toString('base64url');
    const invite = await this.prisma.invite.create({
      data: {
        id: newId('invite'),
        workspaceId,
        email,
        role,
        tokenHash: hashInvite(token),
        invitedById,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      },
    });
    return { invite, token };
  }

  /** Pending invitations of the workspace, newest first. */
  pendingInvites(workspaceId: string) {
    return this.prisma.invite.findMany({
      where: { workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'desc' },
      take: 500,
    });
  }

  /** Revokes a pending invitation; false when there is none of that id in the workspace. */
  async revokeInvite(workspaceId: string, inviteId: string): Promise<boolean> {
    const { count } = await this.prisma.invite.updateMany({
      where: { id: inviteId, workspaceId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return count > 0;
  }

  /**
   * Turns a live invitation into an account, once; 404 for an unknown, used, expired or revoked
   * token, or when its inviter is no longer a member who may grant its role. Runs under the
   * workspace's row lock, like role changes, so a demotion and an acceptance cannot cross.
   */
  async accept(token: string, name: string, passwordHash: string) {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const invite = await tx.invite.findUnique({ where: { tokenHash: hashInvite(token) } });
        if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt.getTime() <= Date.now()) {
          throw ApiError.notFound(GONE);
        }
        await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${invite.workspaceId} FOR UPDATE`;
        const inviter = await tx.account.findFirst({
          where: { id: invite.invitedById, workspaceId: invite.workspaceId, removedAt: null },
        });
        if (!inviter || !mayGrant(inviter.role, invite.role)) throw ApiError.notFound(GONE);
        const { count } = await tx.invite.updateMany({
          where: { id: invite.id, acceptedAt: null, revokedAt: null },
          data: { acceptedAt: new Date() },
        });
        if (count === 0) throw ApiError.notFound(GONE);
        return tx.account.create({
          include: { workspace: true },
          data: {
            id: newId('account'),
            workspaceId: invite.workspaceId,
            role: invite.role,
            name,
            email: invite.email,
            passwordHash,
          },
        });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw ApiError.conflict('An account with this email already exists.');
      throw e;
    }
  }

  /**
   * Sets the role (or removes the member when `role` is null), keeping at least one owner. The
   * invitations the member issued and can no longer grant (all of them, once removed) end too.
   */
  async change(workspaceId: string, accountId: string, role: RoleName | null): Promise<Account> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${workspaceId} FOR UPDATE`;
      const member = await tx.account.findFirst({ where: { id: accountId, workspaceId, removedAt: null } });
      if (!member || !member.email) throw ApiError.notFound('Member', accountId);
      if (member.role === 'owner' && role !== 'owner') {
        const owners = await tx.account.count({ where: { workspaceId, role: 'owner', removedAt: null } });
        if (owners <= 1)
          throw ApiError.conflict('The last owner cannot be demoted or removed; make another owner first.');
      }
      const ungrantable = ROLES.filter((r) => role === null || !mayGrant(role, r));
      await tx.invite.updateMany({
        where: { invitedById: accountId, acceptedAt: null, revokedAt: null, role: { in: [...ungrantable] } },
        data: { revokedAt: new Date() },
      });
      if (role === null) {
        await tx.session.deleteMany({ where: { accountId } });
        return tx.account.update({ where: { id: accountId }, data: { removedAt: new Date() } });
      }
      return tx.account.update({ where: { id: accountId }, data: { role } });
    });
  }
}
