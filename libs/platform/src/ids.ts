import { createHash, randomBytes } from 'node:crypto';
import { decodeTime, encodeTime, monotonicFactory } from 'ulid';

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
  return idFloor(ID_PREFIX[kind], ms);
}

/** The smallest id with this prefix made at `ms` (as history_id_floor in the partitions' migration). */
export function idFloor(prefix: string, ms: number): string {
  return `${prefix}_${(encodeTime(ms, 10) + '0'.repeat(16)).toLowerCase()}`;
}

/** The time part (ten characters after the prefix) of an id made by newId or idInTimeOf. */
const timeOf = (id: string) => id.slice(id.indexOf('_') + 1, id.indexOf('_') + 11);

/** The time (ms) an id carries. */
export function timeOfId(id: string): number {
  return decodeTime((timeOf(id) + '0'.repeat(16)).toUpperCase());
}

/**
 * A delivery's id: its event's time and a digest of (event, webhook), so the same pair always
 * gets the same id (its primary key is the one-delivery-per-pair key) and the delivery lives in
 * its event's history partition.
 */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  const digest = createHash('sha256').update(`${eventId}\n${webhookId}`).digest();
  return `${ID_PREFIX.delivery}_${timeOf(eventId)}${crockford(digest, 16)}`;
}

/** An attempt's id: random, with its delivery's time, so it lives in its delivery's partition. */
export function attemptIdFor(deliveryId: string): string {
  return `${ID_PREFIX.attempt}_${timeOf(deliveryId)}${crockford(randomBytes(10), 16)}`;
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** The first `length` base-32 characters (5 bits each) of the bytes. */
function crockford(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const bit = i * 5;
    const pair = (bytes[bit >> 3] << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    out += CROCKFORD[(pair >> (11 - (bit & 7))) & 31];
  }
  return out;
}
