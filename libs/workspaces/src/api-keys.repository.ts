import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { PrismaService } from '@app/db';
import { generateApiKey, hashApiKey, previewApiKey } from './api-key-material';
import { ROLES, type RoleName } from './roles';

export interface AuthenticatedKey {
  keyId: string;
  workspaceId: string;
  accountId: string;
  role: RoleName;
}

const LAST_USED_RESOLUTION_MS = 60_000;

const AUTHENTICATE_KEY = `
  SELECT k.id, k."workspaceId", k."accountId", k.role, k."revokedAt", k."lastUsedAt",
         a.role AS "accountRole", a."removedAt" AS "accountRemovedAt"
  FROM "ApiKey" k JOIN "Account" a ON a.id = k."accountId"
  WHERE k.hash = $1`;

interface KeyRow {
  id: string;
  workspaceId: string;
  accountId: string;
  role: RoleName | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  accountRole: RoleName;
  accountRemovedAt: Date | null;
}

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A person's own key: it belongs to them and acts with `role` (at most theirs, checked by the
   * caller), and with less as soon as their role is lowered.
   */
  async createForPerson(
    workspaceId: string,
    accountId: string,
    name: string,
    role: RoleName,
    purpose: 'api' | 'webhook' = 'api',
  ) {
    const key = generateApiKey();
    const record = await this.prisma.apiKey.create({
      data: {
        id: newId('apiKey'),
        workspaceId,
        accountId,
        name,
        role,
        purpose,
        hash: hashApiKey(key),
        preview: previewApiKey(key),
      },
      include: { account: true },
    });
    return { record, key };
  }

  /**
   * Creates a key acting as the workspace's account of that role (made on first use): the keys of
   * the operator CLI and of other keys that are not a person's.
   * Returns the full key: the only moment it exists outside the caller's hands.
   */
  async create(workspaceId: string, name: string, role: RoleName) {
    const key = generateApiKey();
    const record = await this.prisma.$transaction(async (tx) => {
      const account =
        (await tx.account.findFirst({ where: { workspaceId, role }, orderBy: { createdAt: 'asc' } })) ??
        (await tx.account.create({ data: { id: newId('account'), workspaceId, role, name: `${role} account` } }));
      return tx.apiKey.create({
        data: {
          id: newId('apiKey'),
          workspaceId,
          accountId: account.id,
          name,
          hash: hashApiKey(key),
          preview: previewApiKey(key),
        },
        include: { account: true },
      });
    });
    return { record, key };
  }

  /** The live key with this full value, or null (unknown or revoked). */
  async authenticate(key: string): Promise<(AuthenticatedKey & { revoked: boolean }) | null> {
    // Every gateway reads each key in use once a second (KeyCache): a prepared statement, 58 µs of CPU a
    // read where Prisma's findUnique with the account took 520.
    const [found] = await this.prisma.sql<KeyRow>('authenticate-key', AUTHENTICATE_KEY, [hashApiKey(key)]);
    if (!found) return null;
    if (!found.revokedAt && (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
      // Coarse "last used" for the key list; not worth a write on every request.
      void this.prisma.apiKey.update({ where: { id: found.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
    }
    return {
      keyId: found.id,
      workspaceId: found.workspaceId,
      accountId: found.accountId,
      role: effectiveRole(found.role, found.accountRole),
      // A removed member's keys stop working with them.
      revoked: found.revokedAt !== null || found.accountRemovedAt !== null,
    };
  }

  /** The workspace's keys, or only those of one account. */
  list(workspaceId: string, accountId?: string) {
    return this.prisma.apiKey.findMany({
      where: { workspaceId, accountId },
      include: { account: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  find(workspaceId: string, keyId: string) {
    return this.prisma.apiKey.findFirst({ where: { workspaceId, id: keyId }, include: { account: true } });
  }

  /** Finds a key by id in any workspace: for the operator CLI only. */
  findAnywhere(keyId: string) {
    return this.prisma.apiKey.findUnique({ where: { id: keyId }, include: { account: true } });
  }

  /** Revokes at once (authentication reads the row on every request). Repeating it is harmless. */
  async revoke(workspaceId: string, keyId: string) {
    await this.prisma.apiKey.updateMany({
      where: { workspaceId, id: keyId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return this.find(workspaceId, keyId);
  }
}

/** A key acts with its own role, never above its account's current one. */
export function effectiveRole(keyRole: RoleName | null, accountRole: RoleName): RoleName {
  if (!keyRole) return accountRole;
  return ROLES[Math.min(ROLES.indexOf(keyRole), ROLES.indexOf(accountRole))];
}
