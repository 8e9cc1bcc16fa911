import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsTimestamp, Optional, PageQuery, Required } from '@app/platform';
import { ALL_EVENT_NAMES } from '@app/calls';
import { DELIVERY_STATUSES } from './delivery/delivery.contract';

const eventsMessage = `events must be a non-empty list of: ${ALL_EVENT_NAMES.join(', ')}`;

export class CreateWebhookDto {
  /** Checked further by the service: https (unless allowed), no private address literals. */
  @ApiProperty({ description: 'https URL the service POSTs events to', example: 'https://example.com/hooks/voice' })
  @Required()
  @IsString()
  @MaxLength(2048)
  url: string;

  @ApiProperty({ enum: ALL_EVENT_NAMES, isArray: true, example: ['call.completed', 'call.failed'] })
  @Required()
  @IsArray({ message: eventsMessage })
  @ArrayMinSize(1, { message: eventsMessage })
  @ArrayMaxSize(ALL_EVENT_NAMES.length * 2)
  @IsIn(ALL_EVENT_NAMES, { each: true, message: eventsMessage })
  events: string[];
}

export class UpdateWebhookDto {
  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ enum: ALL_EVENT_NAMES, isArray: true })
  @Optional()
  @IsArray({ message: eventsMessage })
  @ArrayMinSize(1, { message: eventsMessage })
  @ArrayMaxSize(ALL_EVENT_NAMES.length * 2)
  @IsIn(ALL_EVENT_NAMES, { each: true, message: eventsMessage })
  events?: string[];

  @ApiPropertyOptional({ description: 'true re-enables a disabled webhook and resumes its pending deliveries' })
  @Optional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

/** Query of GET /api/core/webhook/{webhookId}/deliveries. */
export class DeliveryListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
  status?: (typeof DELIVERY_STATUSES)[number];

  @ApiPropertyOptional({ enum: ALL_EVENT_NAMES })
  @IsOptional()
  @IsIn(ALL_EVENT_NAMES, { message: `event must be one of ${ALL_EVENT_NAMES.join(', ')}` })
  event?: string;
}

/** Body of POST /api/core/webhook/{webhookId}/recover. */
export class RecoverDeliveriesDto {
  @ApiProperty({ format: 'date-time', description: 'Re-queue failed deliveries created at or after this time' })
  @Required()
  @IsTimestamp()
  since: string;
}
