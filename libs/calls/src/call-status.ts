import { Prisma, type Call, type CallStatus } from '@app/db';

/** Call statuses as the API spells them (spec part 3). */
export const CALL_STATUSES = ['ringing', 'in-progress', 'completed', 'failed', 'no-answer'] as const;
export type ApiCallStatus = (typeof CALL_STATUSES)[number];

/** Outbound and inbound phone calls, and web: a person talking to an assistant from a browser (README "Web calls"). */
export const DIRECTIONS = ['outbound', 'inbound', 'web'] as const;

/** Who answered a call whose assistant detects voicemail (unknown: nobody spoke; real calls only). */
export const ANSWERED_BY = ['human', 'machine', 'unknown'] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

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
  // Calls over SIP trunks (README "Real calls over SIP").
  'declined',
  'invalid-number',
  'sip-auth-failed',
  'media-timeout',
  'engine-lost',
  'transferred',
  // The assistant's brain (your server, a model) failed or was too slow: its fallback line, then the end.
  'brain-failed',
] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

/**
 * The one map of a call's status: Prisma names the enum's members in TypeScript (`in_progress`);
 * the database stores, SQL compares and the API answers the same words as the spec (`in-progress`).
 */
const TO_API: Record<CallStatus, ApiCallStatus> = {
  ringing: 'ringing',
  in_progress: 'in-progress',
  completed: 'completed',
  failed: 'failed',
  no_answer: 'no-answer',
};
const FROM_API = Object.fromEntries(Object.entries(TO_API).map(([db, api]) => [api, db])) as Record<
  ApiCallStatus,
  CallStatus
>;

export const callStatusToApi = (status: CallStatus): ApiCallStatus => TO_API[status];
export const callStatusFromApi = (status: ApiCallStatus): CallStatus => FROM_API[status];

/** Statuses of a call that is still under way (ringing or connected). */
export const LIVE_STATUSES: CallStatus[] = ['ringing', 'in_progress'];

/** A status as SQL spells it, for statements written out as text (`$1::"CallStatus"` parameters). */
export const sqlCallStatus = (status: CallStatus): string => TO_API[status];

/** The live statuses as a SQL list, `('ringing', 'in-progress')`, for $queryRaw templates. */
export const LIVE_STATUSES_SQL = Prisma.raw(`(${LIVE_STATUSES.map((s) => `'${TO_API[s]}'`).join(', ')})`);

/** A "Call" row as a prepared statement reads it (the status as the database spells it), as Prisma's Call. */
export function callFromRow(row: Omit<Call, 'status'> & { status: ApiCallStatus }): Call {
  return { ...row, status: callStatusFromApi(row.status) };
}
