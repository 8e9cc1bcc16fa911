import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import {
  CheckedBy,
  IsInternationalPhone,
  IsJsonObject,
  IsTimestamp,
  IsTransferTarget,
  isPlainObject,
  Optional,
  PageQuery,
  Required,
} from '@app/platform';
import { CALL_STATUSES, DIRECTIONS, type ApiCallStatus } from './call-status';

/** A call's metadata (start-call, an assistant request's answer): echoed on the call and every event. */
export const CALL_METADATA_MAX_BYTES = 16 * 1024;

/** Body of POST /api/core/voice/agent/call (spec 4.1). */
export class StartCallDto {
  @ApiProperty({
    description: 'Id of the assistant that handles the call',
    example: 'agent_01j9z8x7c6v5b4n3m2k1h0g9f8',
  })
  @Required()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  agentId: string;

  /** Normalised to E.164; 422 when libphonenumber-js says it is not a valid number. */
  @ApiProperty({ description: 'Number to dial in international format; stored as E.164', example: '+14155552671' })
  @Required()
  @IsString({ message: 'to must be a string in international format, e.g. +14155552671' })
  @IsInternationalPhone()
  to: string;

  @ApiPropertyOptional({
    description: "Caller ID: one of the workspace's numbers (E.164); default: the workspace's default number",
    example: '+14155550100',
  })
  @Optional()
  @IsString({ message: 'from must be a string in international format, e.g. +14155552671' })
  @IsInternationalPhone()
  from?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Your own key/value pairs (≤ 16 KB), echoed on the call and its events',
    example: { orderId: 'A-1' },
  })
  @IsOptional()
  @IsJsonObject(CALL_METADATA_MAX_BYTES)
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    properties: { lines: { type: 'array', items: { type: 'string' }, maxItems: 50 } },
    required: ['lines'],
    description:
      'Simulated calls only: what the simulated caller says, one line per turn ("" is silence); when the ' +
      'lines run out the caller hangs up. Default: each hear step\'s text (README "Testing an assistant")',
    example: { lines: ['Yes, that works for me.'] },
  })
  @IsOptional()
  @CheckedBy('isSimulatedCaller', simulatedCallerProblem)
  simulatedCaller?: { lines: string[] };
}

/** The first problem of a simulated caller, or null. */
export function simulatedCallerProblem(v: unknown): string | null {
  if (!isPlainObject(v) || !Array.isArray(v.lines)) return 'simulatedCaller must be an object {lines: [...]}';
  const extra = Object.keys(v).filter((k) => k !== 'lines');
  if (extra.length) return `simulatedCaller has unknown field ${extra[0]}`;
  if (v.lines.length > 50) return 'simulatedCaller.lines has more than 50 lines';
  const bad = v.lines.findIndex((l) => typeof l !== 'string' || l.length > 1000);
  return bad >= 0 ? `simulatedCaller.lines[${bad}] must be a string of at most 1000 characters` : null;
}

/** Query of GET /api/core/voice/call/list (spec 4.3, plus the time window for catching up). */
/** POST /voice/call/{callId}/transfer. */
export class TransferCallDto {
  @ApiProperty({
    description: 'Where to send the far end: a number (E.164; over a trunk, at the trunk) or a SIP URI',
    example: '+14155550199',
  })
  @Required()
  @IsString({ message: 'to must be a string in international format, e.g. +14155552671, or a sip: URI' })
  @IsTransferTarget()
  to: string;
}

export class CallListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: CALL_STATUSES, description: 'Only calls in this status' })
  @IsOptional()
  @IsIn(CALL_STATUSES, { message: `status must be one of ${CALL_STATUSES.join(', ')}` })
  status?: ApiCallStatus;

  @ApiPropertyOptional({ description: 'Only calls of this assistant' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  agentId?: string;

  @ApiPropertyOptional({ enum: DIRECTIONS, description: 'Only outbound or only inbound calls' })
  @IsOptional()
  @IsIn(DIRECTIONS, { message: `direction must be one of ${DIRECTIONS.join(', ')}` })
  direction?: (typeof DIRECTIONS)[number];

  @ApiPropertyOptional({ description: 'Only calls from this number (E.164, exact)', example: '+14155550100' })
  @IsOptional()
  @IsString()
  @IsInternationalPhone()
  from?: string;

  @ApiPropertyOptional({ description: 'Only calls to this number (E.164, exact)', example: '+14155552671' })
  @IsOptional()
  @IsString()
  @IsInternationalPhone()
  to?: string;

  @ApiPropertyOptional({ description: 'Only calls from or to this number (E.164, exact)', example: '+14155552671' })
  @IsOptional()
  @IsString()
  @IsInternationalPhone()
  number?: string;

  @ApiPropertyOptional({ description: 'Only calls whose metadata has this key', example: 'orderId' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  metadataKey?: string;

  @ApiPropertyOptional({
    description: 'With metadataKey: only calls whose metadata has that key with this value (as text)',
    example: 'A-17',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @ValidateBy({
    name: 'withMetadataKey',
    validator: {
      validate: (_value, args) => Boolean((args?.object as CallListQuery).metadataKey),
      defaultMessage: () => 'metadataValue needs metadataKey',
    },
  })
  metadataValue?: string;

  /** Inclusive lower bound on createdAt. */
  @ApiPropertyOptional({ format: 'date-time', description: 'Calls created at or after this time (inclusive)' })
  @IsOptional()
  @IsTimestamp()
  createdAfter?: string;

  /** Exclusive upper bound on createdAt. */
  @ApiPropertyOptional({ format: 'date-time', description: 'Calls created before this time (exclusive)' })
  @IsOptional()
  @IsTimestamp()
  createdBefore?: string;
}

/** Query of the web-call WebSocket, GET /api/core/voice/web-call (README "Web calls"). */
export class WebCallQuery {
  @ApiProperty({ description: 'The assistant to talk to' })
  @Required()
  @IsString()
  agentId: string;
}
