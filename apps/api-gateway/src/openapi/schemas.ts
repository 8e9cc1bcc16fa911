import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CALL_STATUSES, DELIVERY_STATUSES, ENDED_REASONS, EVENT_NAMES, ROLES } from '@app/contracts';

// Response bodies as OpenAPI sees them (the presenters produce exactly these shapes).
const nullableString = { type: String, nullable: true } as const;
const nullableDate = { type: String, format: 'date-time', nullable: true } as const;
const freeObject = { type: 'object', additionalProperties: true } as const;

export class ErrorBody {
  @ApiProperty({ description: 'Same as the HTTP status', example: 422 }) code: number;
  @ApiProperty({ example: 'to must be a valid phone number in international format, e.g. +14155552671' }) message: string;
  @ApiPropertyOptional({ description: 'Also in the X-Request-Id header' }) requestId?: string;
}

export class StartedCall {
  @ApiProperty({ example: 'call_01j9z8x7c6v5b4n3m2k1h0g9f8' }) callId: string;
  @ApiProperty({ enum: ['ringing'] }) status: string;
  @ApiProperty({ example: 'en' }) language: string;
}

export class CallRecord {
  @ApiProperty() callId: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ enum: CALL_STATUSES }) status: string;
  @ApiProperty({ enum: ['outbound', 'inbound'] }) direction: string;
  @ApiProperty({ example: '+14155552671' }) to: string;
  @ApiProperty() language: string;
  @ApiProperty({ ...freeObject, nullable: true }) metadata: Record<string, unknown> | null;
  @ApiProperty({ type: Number, nullable: true }) durationSec: number | null;
  @ApiProperty({ type: String, nullable: true, enum: ENDED_REASONS }) endedReason: string | null;
  @ApiProperty() recordingReady: boolean;
  @ApiProperty() transcriptReady: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty(nullableDate) connectedAt: string | null;
  @ApiProperty(nullableDate) endedAt: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class CallList {
  @ApiProperty() total: number;
  @ApiProperty({ type: [CallRecord] }) list: CallRecord[];
}

export class ScriptStep {
  @ApiPropertyOptional({ description: 'The assistant says this' }) say?: string;
  @ApiPropertyOptional({ description: 'The callee says this' }) hear?: string;
  @ApiPropertyOptional({ description: 'An MCP tool to call ("server.tool" or "tool")' }) tool?: string;
  @ApiPropertyOptional(freeObject) arguments?: Record<string, unknown>;
  @ApiPropertyOptional({ enum: ['assistant', 'customer'] }) hangup?: string;
}

export class McpToolServer {
  @ApiProperty({ enum: ['mcp'] }) type: string;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Sent with every request; shown masked' }) headers?: Record<string, string>;
  @ApiPropertyOptional({ type: [String] }) allowedTools?: string[];
  @ApiPropertyOptional({ minimum: 100, maximum: 60000 }) timeoutMs?: number;
}

export class AssistantRecord {
  @ApiProperty() agentId: string;
  @ApiProperty() name: string;
  @ApiProperty() language: string;
  @ApiProperty(nullableString) voice: string | null;
  @ApiProperty(nullableString) firstMessage: string | null;
  @ApiProperty(nullableString) systemPrompt: string | null;
  @ApiProperty({ type: [ScriptStep] }) script: ScriptStep[];
  @ApiProperty({ type: [McpToolServer] }) tools: McpToolServer[];
  @ApiProperty() maxDurationSec: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class AssistantList {
  @ApiProperty() total: number;
  @ApiProperty({ type: [AssistantRecord] }) list: AssistantRecord[];
}

export class TranscriptTurn {
  @ApiProperty({ enum: ['assistant', 'customer', 'tool'] }) role: string;
  @ApiProperty() text: string;
  @ApiProperty({ description: 'Seconds from connect' }) startSec: number;
  @ApiProperty() endSec: number;
  @ApiPropertyOptional({ ...freeObject, description: 'name, server, arguments, result or error, latencyMs' }) tool?: Record<string, unknown>;
}

export class TranscriptRecord {
  @ApiProperty() transcriptId: string;
  @ApiProperty() callId: string;
  @ApiProperty() language: string;
  @ApiProperty({ type: [TranscriptTurn] }) turns: TranscriptTurn[];
  @ApiProperty() text: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class EventRecord {
  @ApiProperty() eventId: string;
  @ApiProperty({ enum: EVENT_NAMES }) event: string;
  @ApiProperty() callId: string;
  @ApiProperty() sequence: number;
  @ApiProperty({ format: 'date-time' }) occurredAt: string;
  @ApiProperty(freeObject) data: Record<string, unknown>;
}

export class EventList {
  @ApiProperty({ description: 'Events after the cursor matching the filters' }) total: number;
  @ApiProperty({ type: [EventRecord] }) list: EventRecord[];
}

export class WebhookRecord {
  @ApiProperty() webhookId: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: EVENT_NAMES, isArray: true }) events: string[];
  @ApiProperty() enabled: boolean;
  @ApiProperty(nullableString) disabledReason: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class WebhookCreated extends WebhookRecord {
  @ApiProperty({ description: 'Standard Webhooks signing secret, shown only here', example: 'whsec_…' }) secret: string;
}

export class WebhookList {
  @ApiProperty() total: number;
  @ApiProperty({ type: [WebhookRecord] }) list: WebhookRecord[];
}

export class DeliveryRecord {
  @ApiProperty() deliveryId: string;
  @ApiProperty() webhookId: string;
  @ApiProperty() eventId: string;
  @ApiProperty({ enum: EVENT_NAMES }) event: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: string;
  @ApiProperty() attemptCount: number;
  @ApiProperty(nullableDate) lastAttemptAt: string | null;
  @ApiProperty(nullableDate) nextAttemptAt: string | null;
  @ApiProperty(nullableString) lastError: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class DeliveryAttemptRecord {
  @ApiProperty() number: number;
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty() durationMs: number;
  @ApiProperty({ type: Number, nullable: true }) statusCode: number | null;
  @ApiProperty({ ...nullableString, description: 'timeout, connection-refused, connection-reset, dns, blocked, tls, http-status, redirect, network' }) errorClass: string | null;
  @ApiProperty({ ...nullableString, description: 'First 4 KB of the response body' }) responseBody: string | null;
}

export class WebhookEnvelope {
  @ApiProperty({ enum: EVENT_NAMES }) event: string;
  @ApiProperty() deliveryId: string;
  @ApiProperty({ format: 'date-time' }) occurredAt: string;
  @ApiProperty({ ...freeObject, description: 'callId, agentId, metadata, sequence and the event’s own fields (README "Events")' }) data: Record<string, unknown>;
}

export class DeliveryDetail extends DeliveryRecord {
  @ApiProperty({ type: WebhookEnvelope }) payload: WebhookEnvelope;
  @ApiProperty({ type: [DeliveryAttemptRecord] }) attempts: DeliveryAttemptRecord[];
}

export class DeliveryList {
  @ApiProperty() total: number;
  @ApiProperty({ type: [DeliveryRecord] }) list: DeliveryRecord[];
}

export class RecoverResult {
  @ApiProperty() recovered: number;
  @ApiProperty({ type: [String] }) deliveryIds: string[];
}

export class TestDeliveryResult {
  @ApiProperty() deliveryId: string;
  @ApiProperty() success: boolean;
  @ApiProperty({ type: Number, nullable: true }) statusCode: number | null;
  @ApiProperty() durationMs: number;
  @ApiProperty(nullableString) errorClass: string | null;
  @ApiProperty(nullableString) responseBody: string | null;
}

export class ApiKeyRecord {
  @ApiProperty() keyId: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ example: 'vk_…a1B2' }) preview: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty(nullableDate) lastUsedAt: string | null;
  @ApiProperty(nullableDate) revokedAt: string | null;
}

export class ApiKeyCreated extends ApiKeyRecord {
  @ApiProperty({ description: 'The full key, shown only here' }) key: string;
}

export class ApiKeyList {
  @ApiProperty() total: number;
  @ApiProperty({ type: [ApiKeyRecord] }) list: ApiKeyRecord[];
}
