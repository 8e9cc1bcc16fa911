import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsInternationalPhone, Required, IsDisplayName } from '@app/platform';

/** Body of POST /api/core/dnc. */
export class AddDncDto {
  @ApiProperty({ description: 'Number never to call (international format; stored as E.164)', example: '+14155552671' })
  @Required()
  @IsString({ message: 'number must be a string in international format, e.g. +14155552671' })
  @IsInternationalPhone()
  number: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Asked not to be called' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @IsDisplayName()
  reason?: string | null;
}
