import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { Optional, Required } from '@app/common';
import { EVENT_NAMES } from '../events';

const eventsMessage = `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`;

export class CreateWebhookDto {
  /** Checked further by the service: https (unless allowed), no private address literals. */
  @Required() @IsString() @MaxLength(2048)
  url: string;

  @Required() @IsArray({ message: eventsMessage }) @ArrayMinSize(1, { message: eventsMessage }) @ArrayMaxSize(EVENT_NAMES.length * 2)
  @IsIn(EVENT_NAMES, { each: true, message: eventsMessage })
  events: string[];
}

export class UpdateWebhookDto {
  @Optional() @IsString() @MaxLength(2048)
  url?: string;

  @Optional() @IsArray({ message: eventsMessage }) @ArrayMinSize(1, { message: eventsMessage }) @ArrayMaxSize(EVENT_NAMES.length * 2)
  @IsIn(EVENT_NAMES, { each: true, message: eventsMessage })
  events?: string[];

  @Optional() @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}
