import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { newId } from '@app/platform';
import { isUniqueViolation, Prisma, PrismaService, utcTimestamp } from '@app/db';
import { presentStartedCall, type StartedCall } from '../call.contract';
import { callEventData } from '../events/event-data';
import { IDEMPOTENCY_TTL_MS } from '../idempotency';
import { ADMISSION_RULES, verdict, type CallSource, type GateReading } from './admission-rules';

const START_CALL_SCOPE = 'POST /voice/agent/call';

/** A call to admit, from any source. */
export interface AdmissionRequest {
  source: CallSource;
  workspaceId: string;
  /** Null only for an inbound call, whose assistant the engine chooses (it writes call.started then). */
  assistantId: string | null;
  /**
   * The language the call speaks (an inbound call's placeholder); null: its assistant's, read by the
   * admission statement itself (start-call's one round trip).
   */
  language: string | null;
  to: string;
  /** Caller ID and the workspace's number it belongs to, if any. */
  from: string | null;
  numberId: string | null;
  /** No caller ID asked for: the workspace's default number, if it has one (read by the statement). */
  fromDefault?: boolean;
  /**
   * The SIP trunk the call goes over. Outbound calls take their number's trunk (undefined here); an
   * inbound call names the trunk it came in on (null: the simulator's testing route).
   */
  trunkId?: string | null;
  /** The engine an inbound SIP call's INVITE reached: it holds the call from its first row on. */
  sipEngine?: string | null;
  campaignId?: string | null;
  metadata: unknown;
  /** A simulated call's caller lines; a call over a trunk ignores them. */
  simulatedCaller?: { lines: string[] } | null;
  requestId?: string | null;
  /** Start-call's Idempotency-Key: a repeat answers the first response, another body 409. */
  idempotency?: { key: string; requestHash: string };
  at?: Date;
}

export type AdmissionResult =
  | { kind: 'created'; callId: string; response: StartedCall }
  | { kind: 'replayed'; status: number; response: object }
  | { kind: 'idempotency-conflict' }
  | { kind: 'assistant-not-found' }
  | { kind: 'do-not-call' }
  | { kind: 'limit-reached'; limit: number; live: number };

/**
 * The one place a call is admitted and written, whatever its source (start-call, a campaign, the
 * carrier ringing a number, a person in a browser): one statement, so atomic and one round
 * trip. It claims a live-call slot with FOR UPDATE SKIP LOCKED (call-slots.sql, beside this file):
 * admissions of a workspace never wait for one another and count nothing, yet the limit and the
 * inbound reserve hold exactly and cannot leak (the call's final transition frees its slot in the
 * same transaction). Only what the source's rule allows (admission-rules.ts) writes the ringing
 * Call, its call.started CallEvent (the outbox row the engine publishes) and, with an
 * Idempotency-Key, the stored response. The assistant row is share-locked so it cannot be deleted
 * meanwhile; an assistant deleted since it was read inserts nothing. Start-call's assistant (its
 * language, and whether it exists: 404 before any other refusal) and the workspace's default caller
 * ID are read by the same statement, so start-call is one round trip to PostgreSQL. Inside a caller's transaction
 * (a campaign's pass) the slot is held until that transaction ends.
 */
@Injectable()
export class CallAdmission {
  // The slot this process claimed last in each workspace: the next claim looks below it first (call-slots.sql)
  private readonly lastSlot = new LRUCache<string, number>({ max: 10_000 });

  constructor(private readonly prisma: PrismaService) {}

  async admit(request: AdmissionRequest, tx?: Prisma.TransactionClient): Promise<AdmissionResult> {
    const { workspaceId, idempotency } = request;
    if (idempotency) {
      const previous = await this.findIdempotencyRecord(workspaceId, idempotency.key);
      if (previous) return replayOrConflict(previous, idempotency.requestHash);
      await this.prisma.idempotencyRecord.deleteMany({
        where: { workspaceId, scope: START_CALL_SCOPE, key: idempotency.key, expiresAt: { lte: new Date() } },
      });
    }
    try {
      return await this.write(request, tx);
    } catch (e) {
      // A concurrent request with the same key committed first: answer as it did.
      if (idempotency && isUniqueViolation(e)) {
        const previous = await this.findIdempotencyRecord(workspaceId, idempotency.key);
        if (previous) return replayOrConflict(previous, idempotency.requestHash);
      }
      throw e;
    }
  }

  private async write(r: AdmissionRequest, tx?: Prisma.TransactionClient): Promise<AdmissionResult> {
    const { workspaceId, assistantId, idempotency } = r;
    const callId = newId('call');
    const direction = r.source === 'inbound' || r.source === 'web' ? r.source : 'outbound';
    const call = { id: callId, assistantId, metadata: r.metadata ?? null, campaignId: r.campaignId ?? null };
    // the caller ID and language are the statement's (gate, below): it sets them in both documents
    const started = callEventData<'call.started'>({ ...call, direction, from: r.from, to: r.to }, { language: '' }, 1);
    const at = (r.at ?? new Date()).toISOString();
    const withAssistant = assistantId !== null;
    const statement = admissionStatement({
      source: r.source,
      fromDefault: r.fromDefault === true,
      withAssistant,
      trunkFromNumber: r.trunkId === undefined,
      withIdempotency: idempotency !== undefined,
    });
    const values: AdmissionValues = {
      workspaceId,
      assistantId,
      callId,
      direction,
      to: r.to,
      caller: r.from,
      numberId: r.numberId,
      trunkId: r.trunkId ?? null,
      hint: this.lastSlot.get(workspaceId) ?? null,
      language: r.language,
      campaignId: r.campaignId ?? null,
      metadata: r.metadata === null || r.metadata === undefined ? null : JSON.stringify(r.metadata),
      simulatedCaller: r.simulatedCaller ? JSON.stringify(r.simulatedCaller) : null,
      requestId: r.requestId ?? null,
      sipEngine: r.sipEngine ?? null,
      sipSeenAt: r.sipEngine ? at : null,
      at,
      eventId: withAssistant ? newId('event') : null,
      started: JSON.stringify(started),
      idempotencyId: idempotency ? newId('idempotency') : null,
      idempotencyKey: idempotency?.key ?? null,
      requestHash: idempotency?.requestHash ?? null,
      answer: idempotency ? JSON.stringify(presentStartedCall({ id: callId, language: '' })) : null,
      expiresAt: idempotency ? new Date(Date.parse(at) + IDEMPOTENCY_TTL_MS).toISOString() : null,
    };
    const params = statement.values.map((v) => (v instanceof Placeholder ? values[v.name] : v));
    type Reading = Omit<GateReading, 'slotFree'> & {
      id: string | null;
      /** The slot claimed; null: none was free for this source. */
      slot: number | null;
      assistantFound: boolean;
      language: string | null;
    };
    // Outside a caller's transaction, a named prepared statement: the same text every time, planned once per
    // connection, and none of Prisma's per-query work (README "Database access").
    const [row] = tx
      ? await tx.$queryRawUnsafe<Reading[]>(statement.text, ...params)
      : await this.prisma.sql<Reading>(statement.name, statement.text, params);
    if (row.id && row.slot !== null) this.lastSlot.set(workspaceId, row.slot);
    if (row.id)
      return { kind: 'created', callId, response: presentStartedCall({ id: callId, language: row.language! }) };
    // no such assistant answers 404 before any other refusal, as when it was read on its own
    if (withAssistant && !row.assistantFound) return { kind: 'assistant-not-found' };
    const refused = verdict(r.source, { ...row, slotFree: row.slot !== null });
    if (refused === 'do-not-call') return { kind: 'do-not-call' };
    if (refused === 'limit-reached') {
      const live = await this.live(tx ?? this.prisma, workspaceId, row.limit);
      return { kind: 'limit-reached', limit: row.limit, live };
    }
    return { kind: 'assistant-not-found' };
  }

  /**
   * The workspace's live calls, for a refusal's message: every live call holds one slot. A refusal
   * means no slot was free, so admissions that claimed one and have not committed yet (invisible to
   * the count) fill the rest: at least the limit is live or starting.
   */
  private async live(db: Prisma.TransactionClient | PrismaService, workspaceId: string, limit: number) {
    const [{ live }] = await db.$queryRaw<{ live: number }[]>`
      SELECT count(*)::int AS live FROM "CallSlot" WHERE "workspaceId" = ${workspaceId} AND "callId" IS NOT NULL`;
    return Math.max(live, limit);
  }

  private findIdempotencyRecord(workspaceId: string, key: string) {
    return this.prisma.idempotencyRecord.findFirst({
      where: { workspaceId, scope: START_CALL_SCOPE, key, expiresAt: { gt: new Date() } },
    });
  }
}

/** What the admission statement's text depends on (write, above): each shape is its own prepared statement. */
interface StatementShape {
  source: CallSource;
  fromDefault: boolean;
  withAssistant: boolean;
  trunkFromNumber: boolean;
  withIdempotency: boolean;
}

/** What one admission passes to its statement, by name (a shape uses those its text names). */
interface AdmissionValues {
  workspaceId: string;
  assistantId: string | null;
  callId: string;
  direction: string;
  to: string;
  caller: string | null;
  numberId: string | null;
  trunkId: string | null;
  /** The slot this process claimed last in the workspace (call-slots.sql). */
  hint: number | null;
  language: string | null;
  campaignId: string | null;
  metadata: string | null;
  simulatedCaller: string | null;
  requestId: string | null;
  sipEngine: string | null;
  sipSeenAt: string | null;
  at: string;
  eventId: string | null;
  started: string;
  idempotencyId: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  answer: string | null;
  expiresAt: string | null;
}

/** Where a statement made once per shape takes one of an admission's values. */
class Placeholder {
  constructor(readonly name: keyof AdmissionValues) {}
}

const statements = new Map<string, { name: string; text: string; values: unknown[] }>();

/**
 * The admission statement of a shape, written once: what differs between sources and requests is written into the
 * text (one prepared statement per shape), not passed as flags, so PostgreSQL neither plans nor initialises, at every
 * execution, the parts this call cannot use: a generic plan's per-execution set-up grows with its size (README
 * "Database access"). Its values are placeholders that each admission fills (write, above): building the text per
 * request was a tenth of what a start-call allocated.
 */
function admissionStatement(shape: StatementShape) {
  const name = statementName(shape);
  const known = statements.get(name);
  if (known) return known;
  const rule = ADMISSION_RULES[shape.source];
  const { fromDefault, withAssistant } = shape;
  const v = (key: keyof AdmissionValues) => new Placeholder(key);
  const ws = v('workspaceId');
  const slotIn = (from: Prisma.Sql, below: Prisma.Sql) => Prisma.sql`"call_slot_free"(${ws}, ${from}, ${below})`;
  // a number on the list leaves free empty, so a source that honours the limit is admitted with a free slot
  const allowed = rule.honoursLimit
    ? Prisma.sql`EXISTS (SELECT 1 FROM free)`
    : rule.checksDnc
      ? Prisma.sql`NOT (SELECT listed FROM gate)`
      : Prisma.sql`true`;
  const listed = rule.checksDnc
    ? Prisma.sql`EXISTS (SELECT 1 FROM "DncEntry" WHERE "workspaceId" = ${ws} AND number = ${v('to')})`
    : Prisma.sql`false`;
  const defaultNumber = Prisma.sql`LEFT JOIN "PhoneNumber" n ON n.id = w."defaultNumberId" AND n."workspaceId" = w.id`;
  // the number's trunk: the default number's is read with it
  const trunk = !shape.trunkFromNumber
    ? Prisma.sql`${v('trunkId')}`
    : fromDefault
      ? Prisma.sql`gate.trunk_id`
      : Prisma.sql`(SELECT "trunkId" FROM "PhoneNumber" WHERE id = gate.number_id AND "workspaceId" = ${ws})`;
  // the slot the call holds, on its row: its final transition frees that one (call-slots.sql)
  const slotOfCall = rule.honoursLimit
    ? Prisma.sql`(SELECT slot FROM free)`
    : Prisma.sql`COALESCE((SELECT slot FROM free), (SELECT slot FROM overflow_slot))`;
  const statement = Prisma.sql`
      WITH gate AS (
        SELECT w."liveCallLimit" AS call_limit, w."reservedForInbound" AS reserved,
               LEAST(COALESCE(${v('hint')}::int, w."liveCallLimit"), w."liveCallLimit") AS hint,
               found.id IS NOT NULL AS assistant_found,
               COALESCE(${v('language')}::text, found.language) AS language,
               ${fromDefault ? Prisma.sql`n.number` : Prisma.sql`${v('caller')}::text`} AS caller,
               ${fromDefault ? Prisma.sql`n.id` : Prisma.sql`${v('numberId')}::text`} AS number_id,
               ${fromDefault ? Prisma.sql`n."trunkId" AS trunk_id,` : Prisma.empty}
               ${listed} AS listed
        FROM "Workspace" w
        ${fromDefault ? defaultNumber : Prisma.empty}
        LEFT JOIN "Assistant" found
          ON found.id = ${v('assistantId')} AND found."workspaceId" = w.id AND found."deletedAt" IS NULL
        WHERE w.id = ${ws}
      ), free AS (
        -- a free slot at or above the reserve: below this process's last claim in the workspace (the hint), else
        -- above it; only then, unless the source keeps the reserve, one below the reserve (call-slots.sql: why)
        SELECT slot FROM (
          SELECT COALESCE(
            ${slotIn(Prisma.sql`gate.reserved`, Prisma.sql`gate.hint`)},
            ${slotIn(Prisma.sql`GREATEST(gate.hint, gate.reserved)`, Prisma.sql`gate.call_limit`)}${
              rule.keepsReserve
                ? Prisma.empty
                : Prisma.sql`,
            ${slotIn(Prisma.sql`0`, Prisma.sql`LEAST(gate.reserved, gate.call_limit)`)}`
            }
          ) AS slot
          FROM gate WHERE NOT gate.listed
        ) candidate
        WHERE slot IS NOT NULL
      )${
        rule.honoursLimit
          ? Prisma.empty
          : Prisma.sql`, overflow_slot AS (
        -- an inbound call past the limit: an overflow slot, handed a real one when one frees
        SELECT -nextval('"CallSlot_overflow_seq"')::int AS slot FROM gate WHERE NOT EXISTS (SELECT 1 FROM free)
      )`
      }${
        withAssistant
          ? Prisma.sql`, assistant AS (
        SELECT id FROM "Assistant"
        WHERE id = ${v('assistantId')} AND "workspaceId" = ${ws} AND "deletedAt" IS NULL AND ${allowed}
        FOR SHARE
      )`
          : Prisma.empty
      }, call AS (
        INSERT INTO "Call" (id, "workspaceId", "assistantId", direction, "to", "from", "numberId", "trunkId",
                            "campaignId", language, metadata, "simulatedCaller", "requestId", "eventCount",
                            "sipEngine", "sipSeenAt", "createdAt", "updatedAt", slot)
        SELECT ${v('callId')}, ${ws},
               ${withAssistant ? Prisma.sql`(SELECT id FROM assistant)` : Prisma.sql`NULL`},
               ${v('direction')}::"CallDirection", ${v('to')}, gate.caller, gate.number_id,
               ${trunk},
               ${v('campaignId')}, gate.language, ${v('metadata')}::jsonb, ${v('simulatedCaller')}::jsonb,
               ${v('requestId')}, ${withAssistant ? 1 : 0}, ${v('sipEngine')},
               ${utcTimestamp(v('sipSeenAt'))}, ${utcTimestamp(v('at'))}, ${utcTimestamp(v('at'))},
               ${slotOfCall}
        FROM gate
        WHERE ${allowed}${withAssistant ? Prisma.sql` AND EXISTS (SELECT 1 FROM assistant)` : Prisma.empty}
        RETURNING id
      ), claimed AS (
        UPDATE "CallSlot" SET "callId" = ${v('callId')}
        WHERE "workspaceId" = ${ws} AND slot = (SELECT slot FROM free) AND EXISTS (SELECT 1 FROM call)
      )${
        rule.honoursLimit
          ? Prisma.empty
          : Prisma.sql`, overflow AS (
        INSERT INTO "CallSlot" ("workspaceId", slot, "callId")
        SELECT ${ws}, overflow_slot.slot, call.id FROM call, overflow_slot
      )`
      }${
        // An inbound call has no assistant yet: no call.started until the engine chooses one.
        withAssistant
          ? Prisma.sql`, event AS (
        INSERT INTO "CallEvent" (id, "workspaceId", "callId", type, sequence, data, "occurredAt")
        SELECT ${v('eventId')}, ${ws}, call.id, 'call.started', 1,
               ${v('started')}::jsonb || jsonb_build_object('from', gate.caller, 'language', gate.language),
               ${utcTimestamp(v('at'))}
        FROM call, gate
      )`
          : Prisma.empty
      }${
        shape.withIdempotency
          ? Prisma.sql`, idempotency AS (
        INSERT INTO "IdempotencyRecord" (id, "workspaceId", scope, key, "requestHash", "responseStatus",
                                         "responseBody", "createdAt", "expiresAt")
        SELECT ${v('idempotencyId')}, ${ws}, ${START_CALL_SCOPE}, ${v('idempotencyKey')},
               ${v('requestHash')}, 201,
               ${v('answer')}::jsonb || jsonb_build_object('language', gate.language),
               ${utcTimestamp(v('at'))}, ${utcTimestamp(v('expiresAt'))}
        FROM call, gate
      )`
          : Prisma.empty
      }
      SELECT (SELECT id FROM call) AS id, (SELECT slot FROM free) AS slot, call_limit AS limit, reserved, listed,
             assistant_found AS "assistantFound", language
      FROM gate`;
  // one parameter per value, however often the text uses it (the workspace's id nine times)
  const values: unknown[] = [];
  const numberOf = new Map<keyof AdmissionValues, number>();
  const renumbered = statement.values.map((value) => {
    if (!(value instanceof Placeholder)) return values.push(value);
    if (!numberOf.has(value.name)) numberOf.set(value.name, values.push(value));
    return numberOf.get(value.name)!;
  });
  const text = statement.strings.reduce((sql, part, i) => `${sql}$${renumbered[i - 1]}${part}`);
  const made = { name, text, values };
  statements.set(name, made);
  return made;
}

function statementName(shape: StatementShape) {
  return [
    'call-admission',
    shape.source,
    shape.fromDefault && 'default-caller',
    !shape.withAssistant && 'no-assistant',
    !shape.trunkFromNumber && 'trunk-given',
    shape.withIdempotency && 'idempotency',
  ]
    .filter(Boolean)
    .join('+');
}

function replayOrConflict(
  record: { requestHash: string; responseStatus: number; responseBody: unknown },
  requestHash: string,
): AdmissionResult {
  if (record.requestHash !== requestHash) return { kind: 'idempotency-conflict' };
  return { kind: 'replayed', status: record.responseStatus, response: record.responseBody as object };
}
