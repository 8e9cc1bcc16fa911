import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthenticatedKey } from '@app/db';
import type { RoleName } from '@app/contracts';

export const IS_PUBLIC = 'auth:public';
export const MIN_ROLE = 'auth:min-role';

/** A route anyone may call without a key (health, docs). Everything else needs a key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

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
