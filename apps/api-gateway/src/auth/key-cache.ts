import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedKey } from '@app/workspaces';

/** How long a key lookup is reused: the promise is "revoked keys stop working within a second". */
export const KEY_CACHE_TTL_MS = 1000;

type Found = (AuthenticatedKey & { revoked: boolean }) | null;

/**
 * A per-process cache of key lookups, by key hash, for at most KEY_CACHE_TTL_MS: a client sending
 * many requests costs one database read per second instead of one per request. Unknown keys are
 * cached too (as null), so a flood of wrong keys costs no more.
 */
@Injectable()
export class KeyCache {
  private readonly entries = new LRUCache<string, { value: Found }>({ max: 10_000, ttl: KEY_CACHE_TTL_MS });

  get(hash: string): Found | undefined {
    return this.entries.get(hash)?.value;
  }

  set(hash: string, value: Found): void {
    this.entries.set(hash, { value });
  }

  /** A member whose role changed, or who was removed, acts with it here at once. */
  forgetAccount(accountId: string): void {
    this.forget((key) => key.accountId === accountId);
  }

  /** A key revoked through this process stops working here at once. */
  forgetKeyId(keyId: string): void {
    this.forget((key) => key.keyId === keyId);
  }

  private forget(matches: (key: NonNullable<Found>) => boolean): void {
    for (const [hash, e] of this.entries.entries()) if (e.value && matches(e.value)) this.entries.delete(hash);
  }
}
