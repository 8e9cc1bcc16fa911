import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthenticatedKey, RoleName } from '@app/workspaces';

export { IS_PUBLIC, Public } from '@app/platform';
export const MIN_ROLE = 'auth:min-role';

/** The weakest role allowed to call the route; routes without it need at least viewer. */
export const RequireRole = (role: RoleName) => SetMetadata(MIN_ROLE, role);

/** What the guard learned about the calling key. rawKey is kept only to seal it for webhooks. */
export interface RequestAuth extends AuthenticatedKey {
  rawKey: string;
}

export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestAuth => {
  return ctx.switchToHttp().getRequest().auth;
});

export const RequestId = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest().id;
});
