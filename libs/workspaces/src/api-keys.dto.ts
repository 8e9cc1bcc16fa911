import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Required, IsName } from '@app/platform';
import { ROLES, type RoleName } from './roles';

export class CreateApiKeyDto {
  /** Free text naming the key's purpose (spec 5.2). */
  @ApiProperty({ description: 'Free text naming the purpose of the key', example: 'CRM integration' })
  @Required()
  @IsName()
  name: string;

  @ApiPropertyOptional({
    enum: ROLES,
    description:
      "Role the key acts with: at most the creator's (and never above its account's current role); " +
      "defaults to the creator's",
  })
  @IsOptional()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: RoleName;
}
