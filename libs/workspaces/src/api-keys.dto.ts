import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Required } from '@app/platform';
import { ROLES, type RoleName } from './roles';

export class CreateApiKeyDto {
  /** Free text naming the key's purpose (spec 5.2). */
  @ApiProperty({ description: 'Free text naming the purpose of the key', example: 'CRM integration' })
  @Required()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiProperty({ enum: ROLES, description: 'Role the key acts with; at most the role of the key creating it' })
  @Required()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role: RoleName;
}
