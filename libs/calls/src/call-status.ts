import type { CallStatus } from '@app/db';

/** Call statuses as the API spells them (spec part 3). */
export const CALL_STATUSES = ['ringing', 'in-progress', 'completed', 'failed', 'no-answer'] as const;
export type ApiCallStatus = (typeof CALL_STATUSES)[number];

export const DIRECTIONS = ['outbound', 'inbound'] as const;

/** Who answered a call whose assistant detects voicemail. */
export const ANSWERED_BY = ['human', 'machine'] as const;

/** Why a call ended: the documented set (README "endedReason values"). */
export const ENDED_REASONS = [
  'customer-ended-call',
  'assistant-ended-call',
  'api-ended-call',
  'max-duration-reached',
  'no-answer',
  'busy',
  'unreachable',
  'carrier-error',
  // An answering machine took the call and the assistant's voicemail detection noticed.
  'voicemail',
  // Inbound calls whose assistant could not be chosen (README "Choosing the assistant per call").
  'rejected',
  'assistant-request-failed',
  'no-assistant',
] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

/** Prisma names enum members in TS (in_progress); the database and the API say in-progress. */
export function callStatusToApi(status: CallStatus): ApiCallStatus {
  return status.replace('_', '-') as ApiCallStatus;
}

export function callStatusFromApi(status: ApiCallStatus): CallStatus {
  return status.replace('-', '_') as CallStatus;
}

/** Statuses of a call that is still under way (ringing or connected). */
export const LIVE_STATUSES: CallStatus[] = ['ringing', 'in_progress'];
