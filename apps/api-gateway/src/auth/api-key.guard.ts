import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError, AppConfig, sameText } from '@app/platform';
import {
  ApiKeysRepository,
  csrfTokenOf,
  hashApiKey,
  looksLikeApiKey,
  PeopleRepository,
  roleAtLeast,
  type RoleName,
} from '@app/workspaces';
import { readSessionCookie } from '../people/session-cookie';
import { IS_PUBLIC, MIN_ROLE, type RequestAuth } from './auth.decorators';
import { KeyCache } from './key-cache';

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export type AuthRequest = {
  ip?: string;
  method: string;
  headers: Record<string, string | undefined>;
  auth?: RequestAuth;
  sessionToken?: string;
};

/**
 * Spec part 5: every request carries "Authorization: Bearer <key>". Missing, malformed, unknown or
 * revoked → 401; a role below the route's → 403. Lookups are cached for at most a second, so a
 * revocation takes effect within a second everywhere (at once on the gateway that revoked).
 * Without an Authorization header, a signed-in person's session cookie is accepted instead, with
 * the same roles; its writes must also carry the session's CSRF proof (X-CSRF-Token).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysRepository,
    private readonly cache: KeyCache,
    private readonly people: PeopleRepository,
    private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<AuthRequest>();
    const needed = this.reflector.getAllAndOverride<RoleName>(MIN_ROLE, targets) ?? 'viewer';
    req.auth = await this.authenticate(req, needed);
    return true;
  }

  /** Who sends the request (a key, else a session cookie) if they hold `needed`; else 401/403. */
  async authenticate(req: AuthRequest, needed: RoleName): Promise<RequestAuth> {
    const header = req.headers.authorization;
    const sessionToken = header ? undefined : readSessionCookie(this.config, req.headers.cookie);
    const auth = sessionToken ? await this.session(req, sessionToken) : await this.key(header, req.ip ?? null);
    if (!roleAtLeast(auth.role, needed)) {
      const who = auth.keyId ? 'this key acts' : 'you are signed in';
      throw ApiError.forbidden(`This action needs the ${needed} role or higher; ${who} as ${auth.role}.`);
    }
    return auth;
  }

  private async key(header: string | undefined, clientIp: string | null): Promise<RequestAuth> {
    if (!header) throw ApiError.unauthorized();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      throw ApiError.unauthorized('Malformed Authorization header; expected "Authorization: Bearer <API_KEY>".');
    const token = match[1];
    const found = looksLikeApiKey(token) ? await this.lookup(token) : null;
    if (!found) throw ApiError.unauthorized('Invalid API key.');
    if (found.revoked) throw ApiError.unauthorized('This API key has been revoked; create a new one.');
    const { revoked: _revoked, ...key } = found;
    return { ...key, rawKey: token, sessionId: null, clientIp };
  }

  private async session(req: AuthRequest, token: string): Promise<RequestAuth> {
    const found = await this.people.findSession(token, this.config.SESSION_IDLE_MS);
    if (!found) throw ApiError.unauthorized('Your session has ended; sign in again.');
    if (!SAFE_METHODS.includes(req.method) && !sameText(req.headers['x-csrf-token'], csrfTokenOf(token))) {
      throw ApiError.forbidden('Missing or wrong X-CSRF-Token: send the csrfToken of GET /api/core/auth/me.');
    }
    req.sessionToken = token;
    const { sessionId, accountId, workspaceId, role } = found;
    return { keyId: null, rawKey: null, sessionId, accountId, workspaceId, role, clientIp: req.ip ?? null };
  }

  private async lookup(token: string) {
    const hash = hashApiKey(token);
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    const found = await this.keys.authenticate(token);
    this.cache.set(hash, found);
    return found;
  }
}
