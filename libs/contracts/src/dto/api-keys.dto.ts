import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Required } from '@app/common';
import { ROLES, type RoleName } from '../roles';

export class CreateApiKeyDto {
  /** Free text naming the key's purpose (spec 5.2). */
  @Required() @IsString() @MinLength(1) @MaxLength(200)
  name: string;

  @Required() @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role: RoleName;
}
