import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { QueryInt } from '@app/platform';
import { ALL_EVENT_NAMES } from './event-data';

/** Query of GET /api/core/event/list: the catch-up feed of spec 6.4.6. */
export class EventFeedQuery {
  /** Return events after this eventId (exclusive); omit to start at the beginning. */
  @ApiPropertyOptional({ description: 'Return events after this eventId (exclusive)' })
  @IsOptional()
  @IsString()
  @Matches(/^evt_[0-9a-z]{26}$/, { message: 'after must be an eventId (evt_…)' })
  after?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @QueryInt(1, 500)
  limit?: number;

  @ApiPropertyOptional({ description: 'Only events of this call' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  callId?: string;

  @ApiPropertyOptional({ enum: ALL_EVENT_NAMES, description: 'Only events of this name' })
  @IsOptional()
  @IsIn(ALL_EVENT_NAMES, { message: `type must be one of ${ALL_EVENT_NAMES.join(', ')}` })
  type?: string;
}
