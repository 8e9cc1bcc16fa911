/** Call statuses as the API spells them (spec part 3). */
export const CALL_STATUSES = ['ringing', 'in-progress', 'completed', 'failed', 'no-answer'] as const;
export type ApiCallStatus = (typeof CALL_STATUSES)[number];

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
] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];
