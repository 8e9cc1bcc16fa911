import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { PrismaService } from '@app/db';
import { generateApiKey, hashApiKey, previewApiKey } from './api-key-material';
import type { RoleName } from './roles';

export interface AuthenticatedKey {
  keyId: string;
  workspaceId: string;
  accountId: string;
  role: RoleName;
}

const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Creates a key acting as the workspace's account of that role (made on first use).
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
    const found = await this.prisma.apiKey.findUnique({ where: { hash: hashApiKey(key) }, include: { account: true } });
    if (!found) return null;
    if (!found.revokedAt && (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
      // Coarse "last used" for the key list; not worth a write on every request.
      void this.prisma.apiKey.update({ where: { id: found.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
    }
    return {
      keyId: found.id,
      workspaceId: found.workspaceId,
      accountId: found.accountId,
      role: found.account.role,
      revoked: found.revokedAt !== null,
    };
  }

  list(workspaceId: string) {
    return this.prisma.apiKey.findMany({
      where: { workspaceId },
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
