import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsInternationalPhone, Optional, Required, IsDisplayName } from '@app/platform';

const LABEL = { type: String, nullable: true, description: 'Your name for the number', example: 'Support line' };
const AGENT = { type: String, nullable: true, description: 'The assistant that answers calls to the number' };
const REQUEST_URL = {
  type: String,
  nullable: true,
  description: 'https URL asked for the assistant of each inbound call; null turns it off',
  example: 'https://example.com/voice/assistant-request',
};

/** What a number does with its calls, on create and update alike. */
class NumberSettingsDto {
  @ApiPropertyOptional(LABEL)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @IsDisplayName()
  label?: string | null;

  @ApiPropertyOptional(AGENT)
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  agentId?: string | null;

  @ApiPropertyOptional(REQUEST_URL)
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  assistantRequestUrl?: string | null;
}

/** Body of POST /api/core/voice/number: import with `number`, provision without. */
export class CreateNumberDto extends NumberSettingsDto {
  @ApiPropertyOptional({
    description: 'A number you hold at your carrier, to import (E.164); without it one is provisioned',
    example: '+14155550100',
  })
  @Optional()
  @IsString({ message: 'number must be a string in international format, e.g. +14155552671' })
  @IsInternationalPhone()
  number?: string;

  @ApiPropertyOptional({
    description: 'The SIP trunk that carries an imported number (README "SIP trunks"); calls from it leave through it',
    example: 'trk_01j9z8x7c6v5b4n3m2k1h0g9f8',
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  trunkId?: string;

  @ApiPropertyOptional({ description: 'Country to provision in (ISO 3166 alpha-2)', example: 'US', default: 'US' })
  @Optional()
  @IsString()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country must be a two-letter country code such as "US"' })
  country?: string;

  @ApiPropertyOptional({ description: 'Area code to provision in, where the country has them', example: '415' })
  @Optional()
  @IsString()
  @Matches(/^\d{2,5}$/, { message: 'areaCode must be 2-5 digits' })
  areaCode?: string;
}

/** PATCH: any subset; label, agentId and assistantRequestUrl accept null to clear. */
export class UpdateNumberDto extends NumberSettingsDto {
  @ApiPropertyOptional({ description: 'true makes this the caller ID of calls that name no from; false clears it' })
  @Optional()
  @IsBoolean({ message: 'default must be true or false' })
  default?: boolean;

  @ApiPropertyOptional({ description: 'true replaces the assistant-request signing secret; the answer shows it once' })
  @Optional()
  @IsIn([true], { message: 'rotateSecret can only be true' })
  rotateSecret?: true;
}

/** Body of POST /api/core/voice/simulator/inbound (a testing aid of the simulated carrier). */
export class SimulateInboundDto {
  @ApiProperty({ description: 'One of your numbers (E.164)', example: '+14155550100' })
  @Required()
  @IsString({ message: 'to must be a string in international format, e.g. +14155552671' })
  @IsInternationalPhone()
  to: string;

  @ApiProperty({ description: 'The caller (README "Simulated telephony" lists callers that behave differently)' })
  @Required()
  @IsString({ message: 'from must be a string in international format, e.g. +14155552671' })
  @IsInternationalPhone()
  from: string;
}
