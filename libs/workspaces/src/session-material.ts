import { createHash, randomBytes } from 'node:crypto';

/** The session cookie: 32 random bytes (base64url); the database keeps only its sha256. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(`session:${token}`, 'utf8').digest('hex');
}

/**
 * The CSRF proof of a session: derived from its token, so it needs no storage, and it cannot be
 * turned back into the token. A page of our origin reads it from /auth/me or the login answer and
 * sends it as X-CSRF-Token; another site can neither read it nor send our cookie (SameSite=Strict).
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`, 'utf8').digest('base64url');
}
