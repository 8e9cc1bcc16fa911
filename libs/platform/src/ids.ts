import { encodeTime, monotonicFactory } from 'ulid';

/** Prefixes of every id the service hands out; ids sort by creation time (ULID). */
export const ID_PREFIX = {
  workspace: 'ws',
  account: 'acct',
  apiKey: 'key',
  assistant: 'agent',
  call: 'call',
  event: 'evt',
  webhook: 'wh',
  delivery: 'dlv',
  attempt: 'att',
  transcript: 'tr',
  recording: 'rec',
  idempotency: 'idem',
  session: 'sess',
  invite: 'inv',
  audit: 'aud',
  phoneNumber: 'num',
  dnc: 'dnc',
  campaign: 'cmp',
  recipient: 'rcp',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

const nextUlid = monotonicFactory();

export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${nextUlid().toLowerCase()}`;
}

/** The smallest id of this kind made at or after `ms`: a cursor for "everything from then on". */
export function idAtTime(kind: IdKind, ms: number): string {
  return `${ID_PREFIX[kind]}_${(encodeTime(ms, 10) + '0'.repeat(16)).toLowerCase()}`;
}
