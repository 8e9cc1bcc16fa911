import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { CheckedBy, IsInternationalPhone, isTimestamp, Optional, PageQuery, Required, IsName } from '@app/platform';
import { isTimeZone, RECIPIENT_OUTCOMES, retryProblem, windowProblem } from './campaign-rules';

function scheduleProblem(s: unknown): string | null {
  if (s === null || typeof s !== 'object' || Array.isArray(s)) return 'schedule must be an object';
  const { startAt, timezone, window, ...extra } = s as Record<string, unknown>;
  if (Object.keys(extra).length) return `schedule has unknown field ${Object.keys(extra)[0]}`;
  if (startAt !== undefined && !isTimestamp(startAt)) {
    return 'schedule.startAt must be an ISO 8601 timestamp';
  }
  if (timezone !== undefined && !isTimeZone(timezone)) return 'schedule.timezone must be an IANA time zone';
  return window === undefined || window === null ? null : windowProblem(window);
}

const RECIPIENTS = {
  type: 'array' as const,
  items: {
    type: 'object' as const,
    required: ['to'],
    properties: {
      to: { type: 'string', example: '+14155552671' },
      metadata: { type: 'object', additionalProperties: true },
      timezone: { type: 'string', example: 'America/New_York' },
    },
  },
  description: 'Up to 10,000 rows; bad rows refuse the whole request (422 naming them)',
};

/** Body of POST /api/core/voice/campaign. Recipient rows are checked by the service (row-numbered 422). */
export class CreateCampaignDto {
  @ApiProperty({ example: 'November reminders' })
  @Required()
  @IsName()
  name: string;

  @ApiProperty({ description: 'The assistant that handles every call' })
  @Required()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  agentId: string;

  @ApiPropertyOptional({ description: "Caller ID: one of the workspace's numbers; default: its default number" })
  @Optional()
  @IsString()
  @IsInternationalPhone()
  from?: string;

  @ApiProperty(RECIPIENTS)
  @Required()
  recipients: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      '{startAt?, timezone? (IANA, default UTC), window?: {days: ["mon",…], start: "09:00", end: "17:00"}}; ' +
      'a window opens at start and closes before end, within one day (end "24:00" is the end of the day)',
  })
  @Optional()
  @CheckedBy('isSchedule', scheduleProblem)
  schedule?: { startAt?: string; timezone?: string; window?: { days: string[]; start: string; end: string } | null };

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 5 })
  @Optional()
  @IsInt({ message: 'maxConcurrency must be an integer' })
  @Min(1)
  @Max(1000)
  maxConcurrency?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 10000, description: 'Calls started per minute at most' })
  @Optional()
  @IsInt({ message: 'callsPerMinute must be an integer' })
  @Min(1)
  @Max(10000)
  callsPerMinute?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: '{on: ["no-answer","busy","voicemail"], maxAttempts, delaySec}',
  })
  @Optional()
  @CheckedBy('isRetry', retryProblem)
  retry?: { on: ('no-answer' | 'busy' | 'voicemail')[]; maxAttempts: number; delaySec: number };
}

/** Body of POST …/{campaignId}/recipients as JSON. */
export class AddRecipientsDto {
  @ApiProperty(RECIPIENTS)
  @Required()
  recipients: unknown;
}

export class RecipientListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: RECIPIENT_OUTCOMES })
  @IsOptional()
  @IsIn(RECIPIENT_OUTCOMES, { message: `outcome must be one of ${RECIPIENT_OUTCOMES.join(', ')}` })
  outcome?: string;
}
