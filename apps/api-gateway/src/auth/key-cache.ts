import { Injectable } from '@nestjs/common';
import type { AuthenticatedKey } from '@app/db';

/** How long a key lookup is reused: the promise is "revoked keys stop working within a second". */
export const KEY_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

type Entry = { value: (AuthenticatedKey & { revoked: boolean }) | null; expiresAt: number };

/**
 * A per-process cache of key lookups, by key hash, for at most KEY_CACHE_TTL_MS: a client sending
 * many requests costs one database read per second instead of one per request.
 */
@Injectable()
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  get(hash: string): Entry['value'] | undefined {
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return e.value;
  }

  set(hash: string, value: Entry['value']): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { value, expiresAt: Date.now() + KEY_CACHE_TTL_MS });
  }

  /** A key revoked through this process stops working here at once. */
  forgetKeyId(keyId: string): void {
    for (const [hash, e] of this.entries) if (e.value?.keyId === keyId) this.entries.delete(hash);
  }
}
