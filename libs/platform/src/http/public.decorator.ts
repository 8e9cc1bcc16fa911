import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';

/** A route anyone may call without a key (health, docs). Everything else needs a key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
