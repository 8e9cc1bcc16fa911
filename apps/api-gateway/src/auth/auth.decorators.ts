import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthenticatedKey, RoleName } from '@app/workspaces';

export { IS_PUBLIC, Public } from '@app/platform';
export const MIN_ROLE = 'auth:min-role';

/** The weakest role allowed to call the route; routes without it need at least viewer. */
export const RequireRole = (role: RoleName) => SetMetadata(MIN_ROLE, role);

/**
 * Who is calling: an API key (keyId, and rawKey kept only to seal it for webhooks) or a signed-in
 * person's session (sessionId; no key).
 */
export type RequestAuth = Omit<AuthenticatedKey, 'keyId'> & { clientIp: string | null } & (
    { keyId: string; rawKey: string; sessionId: null } | { keyId: null; rawKey: null; sessionId: string }
  );

export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestAuth => {
  return ctx.switchToHttp().getRequest().auth;
});

export const RequestId = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest().id;
});
