import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@app/platform';
import { ApiKeysRepository, hashApiKey, looksLikeApiKey, roleAtLeast, type RoleName } from '@app/workspaces';
import { IS_PUBLIC, MIN_ROLE, type RequestAuth } from './auth.decorators';
import { KeyCache } from './key-cache';

/**
 * Spec part 5: every request carries "Authorization: Bearer <key>". Missing, malformed, unknown or
 * revoked → 401; a role below the route's → 403. Lookups are cached for at most a second, so a
 * revocation takes effect within a second everywhere (at once on the gateway that revoked).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysRepository,
    private readonly cache: KeyCache,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; auth?: RequestAuth }>();
    const header = req.headers.authorization;
    if (!header) throw ApiError.unauthorized();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      throw ApiError.unauthorized('Malformed Authorization header; expected "Authorization: Bearer <API_KEY>".');
    const token = match[1];
    const found = looksLikeApiKey(token) ? await this.lookup(token) : null;
    if (!found) throw ApiError.unauthorized('Invalid API key.');
    if (found.revoked) throw ApiError.unauthorized('This API key has been revoked; create a new one.');
    const needed = this.reflector.getAllAndOverride<RoleName>(MIN_ROLE, targets) ?? 'viewer';
    if (!roleAtLeast(found.role, needed)) {
      throw ApiError.forbidden(`This action needs the ${needed} role or higher; this key acts as ${found.role}.`);
    }
    const { revoked: _revoked, ...auth } = found;
    req.auth = { ...auth, rawKey: token };
    return true;
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
