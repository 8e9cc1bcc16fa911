import type { ApiCallStatus } from '@app/contracts';
import type { CallStatus } from './generated/prisma/client';

/** Prisma names enum members in TS (in_progress); the database and the API say in-progress. */
export function callStatusToApi(status: CallStatus): ApiCallStatus {
  return status.replace('_', '-') as ApiCallStatus;
}

export function callStatusFromApi(status: ApiCallStatus): CallStatus {
  return status.replace('-', '_') as CallStatus;
}

/** Statuses of a call that is still under way (ringing or connected). */
export const LIVE_STATUSES: CallStatus[] = ['ringing', 'in_progress'];
