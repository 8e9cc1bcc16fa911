import { createHash, randomBytes } from 'node:crypto';

/** Every key starts with this, so leaked keys are recognisable by secret scanners. */
export const API_KEY_PREFIX = 'vk_';

/** A new key: 32 random bytes (256 bits), base64url. Only its hash is stored. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Keys carry 256 bits of entropy, so a fast hash is enough (no dictionary to attack). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What listings show instead of the key: the prefix and the last four characters. */
export function previewApiKey(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{20,200}$/.test(token);
}
