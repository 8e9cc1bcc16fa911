import { Injectable } from '@nestjs/common';
import { ApiError, newId } from '@app/platform';
import { isUniqueViolation, PrismaService, type Account } from '@app/db';
import { generateSessionToken, hashSessionToken } from './session-material';
import type { RoleName } from './roles';

/** A signed-in person, as the guard sees them. */
export interface SessionAccount {
  sessionId: string;
  accountId: string;
  workspaceId: string;
  role: RoleName;
}

// "Last seen" is written at most once a minute per session: idle expiry needs no finer grain.
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** People (accounts with an email and a password) and their browser sessions. */
@Injectable()
export class PeopleRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A new workspace and its owner, in one transaction; 409 when the email or workspace name is taken. */
  async signup(p: { email: string; passwordHash: string; name: string; workspaceName: string }) {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const workspace = await tx.workspace.create({ data: { id: newId('workspace'), name: p.workspaceName } });
        return tx.account.create({
          include: { workspace: true },
          data: {
            id: newId('account'),
            workspaceId: workspace.id,
            role: 'owner',
            name: p.name,
            email: p.email,
            passwordHash: p.passwordHash,
          },
        });
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      throw ApiError.conflict('An account with this email, or a workspace with this name, already exists.');
    }
  }

  /** The person with this email (lower-cased), unless removed. */
  findPersonByEmail(email: string) {
    return this.prisma.account.findFirst({ where: { email, removedAt: null }, include: { workspace: true } });
  }

  /** Makes the person, or resets their password (operator CLI: the demo owner). */
  upsertPerson(p: { workspaceId: string; email: string; name: string; role: RoleName; passwordHash: string }) {
    return this.prisma.account.upsert({
      where: { email: p.email },
      update: { passwordHash: p.passwordHash, removedAt: null },
      create: { id: newId('account'), ...p },
    });
  }

  /** Whether the account is a person (has an email), as opposed to a service identity. */
  async isPerson(accountId: string): Promise<boolean> {
    const found = await this.prisma.account.findUnique({ where: { id: accountId }, select: { email: true } });
    return !!found?.email;
  }

  findPerson(accountId: string) {
    return this.prisma.account.findFirst({
      where: { id: accountId, removedAt: null },
      include: { workspace: true },
    });
  }

  /** Starts a session; answers the token for the cookie (only its hash is stored). */
  async startSession(
    account: Account,
    absoluteMs: number,
    client: { ip?: string; userAgent?: string },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = generateSessionToken();
    const expiresAt = new Date(Date.now() + absoluteMs);
    await this.prisma.session.create({
      data: {
        id: newId('session'),
        accountId: account.id,
        workspaceId: account.workspaceId,
        tokenHash: hashSessionToken(token),
        expiresAt,
        clientIp: client.ip?.slice(0, 100) ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      },
    });
    return { token, expiresAt };
  }

  /** The live session of this token: not expired (absolute or idle), its account not removed. */
  async findSession(token: string, idleMs: number): Promise<SessionAccount | null> {
    const session = await this.prisma.session.findUnique({
      where: { tokenHash: hashSessionToken(token) },
      include: { account: true },
    });
    const now = Date.now();
    if (!session || session.account.removedAt) return null;
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + idleMs <= now) return null;
    if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      void this.prisma.session
        .update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } })
        .catch(() => undefined);
    }
    return {
      sessionId: session.id,
      accountId: session.accountId,
      workspaceId: session.workspaceId,
      role: session.account.role,
    };
  }

  async endSession(token: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(token) } });
  }

  /** Sets a new password and ends every session of the account, in one transaction. */
  async changePassword(accountId: string, passwordHash: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.account.update({ where: { id: accountId }, data: { passwordHash } }),
      this.prisma.session.deleteMany({ where: { accountId } }),
    ]);
  }

  /** Ends every session of the account (password change, removal). */
  async endSessionsOf(accountId: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { accountId } });
  }
}
