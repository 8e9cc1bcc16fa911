import { parse, serialize } from 'cookie';
import type { AppConfig } from '@app/platform';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it),
 * Secure with the __Host- prefix (HTTPS only, this host only) unless SESSION_COOKIE_SECURE=false
 * for plain-HTTP local development.
 */
export function sessionCookieName(config: AppConfig): string {
  return config.SESSION_COOKIE_SECURE ? '__Host-vcs_session' : 'vcs_session';
}

export function readSessionCookie(config: AppConfig, header: string | undefined): string | undefined {
  return header ? parse(header)[sessionCookieName(config)] : undefined;
}

export function sessionCookie(config: AppConfig, token: string, expiresAt: Date): string {
  return serialize(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.SESSION_COOKIE_SECURE,
    path: '/',
    expires: expiresAt,
  });
}

export function clearedSessionCookie(config: AppConfig): string {
  return serialize(sessionCookieName(config), '', {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.SESSION_COOKIE_SECURE,
    path: '/',
    expires: new Date(0),
  });
}
