import type { CallStatus } from '@app/db';
import { isPlainObject, toE164 } from '@app/platform';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Recipients one request may carry; problems reported in one 422. */
export const MAX_RECIPIENTS = 10_000;
export const MAX_PROBLEMS_SHOWN = 100;
/** One recipient's metadata: smaller than a call's, since a campaign holds up to 10,000 of them. */
const RECIPIENT_METADATA_MAX_BYTES = 4 * 1024;

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface CallingWindow {
  days: Weekday[];
  /** HH:MM, inclusive. */
  start: string;
  /** HH:MM, exclusive. */
  end: string;
}

export interface RecipientRetry {
  on: ('no-answer' | 'busy' | 'voicemail')[];
  maxAttempts: number;
  delaySec: number;
}

export interface RecipientInput {
  to: string;
  metadata: Record<string, unknown> | null;
  timezone: string | null;
}

/** Outcomes a recipient ends with; `pending` and `calling` are the two that are not final. */
export const RECIPIENT_OUTCOMES = [
  'pending',
  'calling',
  'completed',
  'voicemail',
  'no-answer',
  'busy',
  'failed',
  'dnc',
  'cancelled',
] as const;
export type RecipientOutcome = (typeof RECIPIENT_OUTCOMES)[number];
export const RETRYABLE = ['no-answer', 'busy', 'voicemail'] as const;

export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks every recipient row: the valid ones normalised (E.164, duplicates collapsed onto their
 * first row and reported), the invalid ones named by row index. The caller refuses the whole
 * request when any row is invalid.
 */
export function checkRecipients(rows: unknown, label = 'recipients') {
  const problems: string[] = [];
  const recipients: RecipientInput[] = [];
  const duplicates: string[] = [];
  if (!Array.isArray(rows)) return { recipients, duplicates, problems: [`${label} must be an array`] };
  if (rows.length === 0) return { recipients, duplicates, problems: [`${label} must not be empty`] };
  if (rows.length > MAX_RECIPIENTS) {
    return { recipients, duplicates, problems: [`${label} has more than ${MAX_RECIPIENTS} rows`] };
  }
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const where = `${label}[${i}]`;
    const problem = rowProblem(row);
    if (problem) return void problems.push(`${where}: ${problem}`);
    const r = row as Record<string, unknown>;
    const to = toE164(r.to) as string;
    if (seen.has(to)) return void duplicates.push(to);
    seen.add(to);
    recipients.push({
      to,
      metadata: (r.metadata as Record<string, unknown> | undefined) ?? null,
      timezone: (r.timezone as string | undefined) ?? null,
    });
  });
  return { recipients, duplicates: [...new Set(duplicates)], problems };
}

function rowProblem(row: unknown): string | null {
  if (!isPlainObject(row)) return 'must be an object {to, metadata?, timezone?}';
  const extra = Object.keys(row).filter((k) => !['to', 'metadata', 'timezone'].includes(k));
  if (extra.length) return `unknown field ${extra[0]}`;
  const to = toE164(row.to);
  if (typeof to !== 'string' || !to.startsWith('+') || !parsePhoneNumberFromString(to)?.isValid()) {
    return 'to must be a valid phone number in international format, e.g. +14155552671';
  }
  if (row.metadata !== undefined && row.metadata !== null) {
    if (!isPlainObject(row.metadata)) return 'metadata must be an object';
    if (Buffer.byteLength(JSON.stringify(row.metadata)) > RECIPIENT_METADATA_MAX_BYTES) return 'metadata is over 4 KB';
  }
  if (row.timezone !== undefined && row.timezone !== null && !isTimeZone(row.timezone)) {
    return `timezone ${String(row.timezone)} is not an IANA time zone such as America/New_York`;
  }
  return null;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A window's end is exclusive, so the end of the day is 24:00 (else 23:59 could never be inside one). */
const END_OF_DAY = '24:00';

export function windowProblem(w: unknown): string | null {
  if (!isPlainObject(w)) return 'schedule.window must be an object {days, start, end}';
  if (!Array.isArray(w.days) || w.days.length === 0 || w.days.some((d) => !WEEKDAYS.includes(d))) {
    return `schedule.window.days must be a non-empty list of ${WEEKDAYS.join(', ')}`;
  }
  if (typeof w.start !== 'string' || !HHMM.test(w.start)) return 'schedule.window.start must be HH:MM';
  if (typeof w.end !== 'string' || !(HHMM.test(w.end) || w.end === END_OF_DAY)) {
    return 'schedule.window.end must be HH:MM (24:00 for the end of the day)';
  }
  if (w.start >= w.end) return 'schedule.window.start must be before schedule.window.end';
  return null;
}

export function retryProblem(r: unknown): string | null {
  if (!isPlainObject(r)) return 'retry must be an object {on, maxAttempts, delaySec}';
  if (!Array.isArray(r.on) || r.on.some((o) => !(RETRYABLE as readonly unknown[]).includes(o))) {
    return `retry.on must be a list of ${RETRYABLE.join(', ')}`;
  }
  if (!Number.isInteger(r.maxAttempts) || (r.maxAttempts as number) < 1 || (r.maxAttempts as number) > 10) {
    return 'retry.maxAttempts must be an integer from 1 to 10';
  }
  if (!Number.isInteger(r.delaySec) || (r.delaySec as number) < 0 || (r.delaySec as number) > 7 * 86400) {
    return 'retry.delaySec must be an integer from 0 to 604800';
  }
  return null;
}

/** Whether `now` falls inside the window, read on the wall clock of `timeZone`. */
export function windowOpen(window: CallingWindow | null, timeZone: string, now: Date): boolean {
  if (!window) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').toLowerCase().slice(0, 3) as Weekday;
  const time = `${get('hour')}:${get('minute')}`;
  return window.days.includes(day) && time >= window.start && time < window.end;
}

/** A finished call's outcome for its recipient. */
export function outcomeOfCall(status: CallStatus, endedReason: string | null): RecipientOutcome {
  if (endedReason === 'voicemail') return 'voicemail';
  if (status === 'completed') return 'completed';
  if (status === 'no_answer' || endedReason === 'no-answer') return 'no-answer';
  if (endedReason === 'busy') return 'busy';
  return 'failed';
}

/** What follows a finished attempt: a final outcome, or pending again `delaySec` after the attempt `ended`. */
export function afterAttempt(
  outcome: RecipientOutcome,
  attempts: number,
  retry: RecipientRetry | null,
  ended: Date,
): { outcome: RecipientOutcome; nextAttemptAt: Date | null } {
  const retries = retry && (retry.on as string[]).includes(outcome) && attempts < retry.maxAttempts;
  return retries
    ? { outcome: 'pending', nextAttemptAt: new Date(ended.getTime() + retry.delaySec * 1000) }
    : { outcome, nextAttemptAt: null };
}
