import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsName, IsTimestamp, PageQuery, Required } from '@app/platform';
import { AUDIT_ACTIONS } from './audit.repository';
import { MIN_PASSWORD_LENGTH } from './passwords';
import { ROLES, type RoleName } from './roles';

export class InviteDto {
  @ApiProperty({ example: 'grace@example.com' })
  @Required()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(320)
  email: string;

  @ApiProperty({ enum: ROLES, description: "At most the inviter's role" })
  @Required()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role: RoleName;
}

export class AcceptInviteDto {
  @ApiProperty({ description: 'The token of the invitation' })
  @Required()
  @IsString()
  @MaxLength(200)
  token: string;

  @ApiProperty({ example: 'Grace Hopper' })
  @Required()
  @IsName()
  name: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH })
  @Required()
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(256)
  password: string;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES, description: "At most the changer's role" })
  @Required()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role: RoleName;
}

export class AuditQuery extends PageQuery {
  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })
  action?: string;

  @ApiPropertyOptional({ description: 'Only what this account did' })
  @IsOptional()
  @IsString()
  actorAccountId?: string;

  @ApiPropertyOptional({ description: 'From this time (ISO 8601), inclusive' })
  @IsOptional()
  @IsTimestamp()
  since?: string;

  @ApiPropertyOptional({ description: 'Before this time (ISO 8601)' })
  @IsOptional()
  @IsTimestamp()
  until?: string;
}
