import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { Required, IsName } from '@app/platform';
import { MIN_PASSWORD_LENGTH } from './passwords';

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Required()
  @IsString()
  @MaxLength(320)
  email: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @Required()
  @IsString()
  @MaxLength(256)
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @Required()
  @IsString()
  @MaxLength(256)
  currentPassword: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH })
  @Required()
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: `newPassword must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(256)
  newPassword: string;
}

export class SignupDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Required()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(320)
  email: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, example: 'correct horse battery staple' })
  @Required()
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(256)
  password: string;

  @ApiProperty({ example: 'Ada Lovelace' })
  @Required()
  @IsName()
  name: string;

  @ApiProperty({ description: 'The new workspace; unique', example: 'Acme Support' })
  @Required()
  @IsName()
  workspaceName: string;
}
