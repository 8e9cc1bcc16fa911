import type { Account, ApiKey } from '@app/db';

/** A key as listings show it: never the key, only a masked preview (spec 5.3). */
export function presentApiKey(k: ApiKey & { account: Account }) {
  return {
    keyId: k.id,
    name: k.name,
    role: k.account.role,
    preview: k.preview,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}
