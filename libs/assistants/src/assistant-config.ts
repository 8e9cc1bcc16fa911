import { z } from 'zod';
import { contract, isPlainObject, SIP_URI } from '@app/platform';

/** An MCP tool server an assistant may call mid-conversation. */
export const McpToolServer = contract(
  'McpToolServer',
  z.object({
    type: z.literal('mcp'),
    name: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()).optional().describe('Sent with every request; shown masked'),
    allowedTools: z.array(z.string()).optional(),
    timeoutMs: z.number().int().min(100).max(60000).optional(),
  }),
);
export type McpToolServer = z.infer<typeof McpToolServer>;

/** What the assistant does when a machine answers (README "Voicemail detection"). */
export const VoicemailSetting = contract(
  'VoicemailSetting',
  z.object({
    detect: z.boolean().describe('Tell a machine from a person when the call is answered'),
    action: z.enum(['hangup', 'leave-message']).describe('On a machine: hang up, or leave `message` after the beep'),
    message: z.string().nullable().describe('What to leave; default: "Hello, this is {name}. Please call us back."'),
  }),
);
export type VoicemailSetting = z.infer<typeof VoicemailSetting>;

/** How the assistant takes turns on real calls (README "Real calls over SIP"); null: the engine's default. */
export const ListeningSetting = contract(
  'ListeningSetting',
  z.object({
    endOfTurnSilenceMs: z
      .number()
      .int()
      .min(200)
      .max(5000)
      .nullable()
      .describe("Silence that ends the caller's turn (default END_OF_TURN_SILENCE_MS, 600)"),
    noSpeechTimeoutMs: z
      .number()
      .int()
      .min(1000)
      .max(60000)
      .nullable()
      .describe('A hear step that hears no speech this long moves on (default NO_SPEECH_TIMEOUT_MS, 8000)'),
    bargeIn: z
      .boolean()
      .nullable()
      .describe('The caller speaking over the assistant stops it (default true; false: it always finishes)'),
    bargeInSpeechMs: z
      .number()
      .int()
      .min(40)
      .max(2000)
      .nullable()
      .describe("How much of the caller's speech stops the assistant (default 100)"),
  }),
);
export type ListeningSetting = z.infer<typeof ListeningSetting>;

const LISTENING_RANGES = {
  endOfTurnSilenceMs: [200, 5000],
  noSpeechTimeoutMs: [1000, 60000],
  bargeInSpeechMs: [40, 2000],
} as const;

/** The first problem of a listening setting, or null. */
export function listeningProblem(v: unknown): string | null {
  if (!isPlainObject(v)) return 'listening must be an object {endOfTurnSilenceMs?, noSpeechTimeoutMs?, bargeIn?}';
  const extra = Object.keys(v).filter((k) => !(k in LISTENING_RANGES) && k !== 'bargeIn');
  if (extra.length) return `listening has unknown field ${extra[0]}`;
  if (v.bargeIn !== undefined && v.bargeIn !== null && typeof v.bargeIn !== 'boolean') {
    return 'listening.bargeIn must be true, false or null';
  }
  for (const [name, [min, max]] of Object.entries(LISTENING_RANGES)) {
    const value = v[name];
    if (value === undefined || value === null) continue;
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
      return `listening.${name} must be an integer from ${min} to ${max}`;
    }
  }
  return null;
}

export function normaliseListening(v: Partial<ListeningSetting>): ListeningSetting {
  return {
    endOfTurnSilenceMs: v.endOfTurnSilenceMs ?? null,
    noSpeechTimeoutMs: v.noSpeechTimeoutMs ?? null,
    bargeIn: v.bargeIn ?? null,
    bargeInSpeechMs: v.bargeInSpeechMs ?? null,
  };
}

/** The first problem of a voicemail setting, or null; absent action means hangup. */
export function voicemailProblem(v: unknown): string | null {
  if (!isPlainObject(v)) return 'voicemail must be an object {detect, action?, message?}';
  const extra = Object.keys(v).filter((k) => !['detect', 'action', 'message'].includes(k));
  if (extra.length) return `voicemail has unknown field ${extra[0]}`;
  if (typeof v.detect !== 'boolean') return 'voicemail.detect must be true or false';
  if (v.action !== undefined && v.action !== 'hangup' && v.action !== 'leave-message') {
    return 'voicemail.action must be "hangup" or "leave-message"';
  }
  const m = v.message;
  if (m !== undefined && m !== null && (typeof m !== 'string' || m.trim() === '' || m.length > 2000)) {
    return 'voicemail.message must be a non-empty string of at most 2000 characters';
  }
  return null;
}

export function normaliseVoicemail(v: Partial<VoicemailSetting>): VoicemailSetting {
  return { detect: v.detect === true, action: v.action ?? 'hangup', message: v.message ?? null };
}

export const MAX_SCRIPT_STEPS = 200;
export const MAX_TOOL_SERVERS = 16;
const STEP_KINDS = ['say', 'hear', 'tool', 'hangup', 'dtmf', 'transfer', 'label'] as const;
const FIELDS_OF: Partial<Record<(typeof STEP_KINDS)[number], string[]>> = {
  tool: ['tool', 'arguments'],
  hear: ['hear', 'onKey', 'expect', 'otherwise', 'noSpeech'],
};
/** Digits a `dtmf` step may send: RFC 4733 events 0-9, *, #, A-D. */
export const DTMF_DIGITS = /^[0-9*#A-D]{1,32}$/;

/** The first problem of a script, naming the step, or null when it is valid. */
export function scriptProblem(script: unknown): string | null {
  if (!Array.isArray(script)) return 'script must be an array of steps';
  if (script.length > MAX_SCRIPT_STEPS) return `script has more than ${MAX_SCRIPT_STEPS} steps`;
  for (const [i, step] of script.entries()) {
    const where = `script[${i}]`;
    if (!isPlainObject(step)) return `${where} must be an object`;
    const kinds = STEP_KINDS.filter((k) => k in step);
    if (kinds.length !== 1) return `${where} must have exactly one of ${STEP_KINDS.join(', ')}`;
    const kind = kinds[0];
    const allowed = FIELDS_OF[kind] ?? [kind];
    const extra = Object.keys(step).filter((k) => !allowed.includes(k));
    if (extra.length) return `${where} has unknown field ${extra[0]}`;
    const value = step[kind];
    if (kind === 'hangup') {
      if (value !== 'assistant' && value !== 'customer') return `${where}.hangup must be "assistant" or "customer"`;
    } else if (kind === 'transfer') {
      if (typeof value !== 'string' || !(/^\+[1-9]\d{6,14}$/.test(value) || SIP_URI.test(value))) {
        return `${where}.transfer must be a number in E.164 format, e.g. +14155550199, or a sip: URI`;
      }
    } else if (kind === 'dtmf') {
      if (typeof value !== 'string' || !DTMF_DIGITS.test(value)) return `${where}.dtmf must be 1-32 of 0-9 * # A-D`;
    } else if (typeof value !== 'string' || value.trim() === '' || value.length > 4000) {
      return `${where}.${kind} must be a non-empty string of at most 4000 characters`;
    }
    if (kind === 'tool' && step.arguments !== undefined && !isPlainObject(step.arguments)) {
      return `${where}.arguments must be an object`;
    }
    if (kind === 'hear') {
      const problem = hearBranchesProblem(step, labelsOf(script), where);
      if (problem) return problem;
    }
  }
  return null;
}

function labelsOf(script: unknown[]): Set<unknown> {
  return new Set(script.filter(isPlainObject).map((s) => s.label));
}

/** A hear step's branches (onKey, expect, otherwise, noSpeech) name labels of the script. */
function hearBranchesProblem(step: Record<string, unknown>, labels: Set<unknown>, where: string): string | null {
  if (step.onKey !== undefined) {
    const problem = onKeyProblem(step.onKey, labels, where);
    if (problem) return problem;
  }
  for (const name of ['otherwise', 'noSpeech']) {
    if (step[name] !== undefined && !labels.has(step[name]))
      return `${where}.${name} names no {label} step of the script`;
  }
  if (step.expect === undefined) return null;
  if (!Array.isArray(step.expect)) return `${where}.expect must be an array of {phrases, goto}`;
  for (const [n, e] of step.expect.entries()) {
    const at = `${where}.expect[${n}]`;
    if (!isPlainObject(e) || !Array.isArray(e.phrases) || e.phrases.length === 0) {
      return `${at} must be {phrases: [at least one], goto}`;
    }
    if (e.phrases.some((p) => typeof p !== 'string' || !/[a-z0-9]/i.test(p) || p.length > 200)) {
      return `${at}.phrases must be words of at most 200 characters`;
    }
    if (!labels.has(e.goto)) return `${at}.goto names no {label} step of the script`;
  }
  return null;
}

/** A hear step's onKey: one key each (0-9 * # A-D), each naming a label of the script. */
function onKeyProblem(onKey: unknown, labels: Set<unknown>, where: string): string | null {
  if (!isPlainObject(onKey)) return `${where}.onKey must be an object of key → label`;
  for (const [key, label] of Object.entries(onKey)) {
    if (!/^[0-9*#A-D]$/.test(key)) return `${where}.onKey has ${JSON.stringify(key)}, not one key of 0-9 * # A-D`;
    if (!labels.has(label)) return `${where}.onKey.${key} names no {label} step of the script`;
  }
  return null;
}

/** The first problem of a tools list, naming the entry, or null when it is valid. */
export function toolsProblem(tools: unknown): string | null {
  if (!Array.isArray(tools)) return 'tools must be an array';
  if (tools.length > MAX_TOOL_SERVERS) return `tools has more than ${MAX_TOOL_SERVERS} entries`;
  const names = new Set<string>();
  for (const [i, t] of tools.entries()) {
    const where = `tools[${i}]`;
    if (!isPlainObject(t)) return `${where} must be an object`;
    if (t.type !== 'mcp') return `${where}.type must be "mcp"`;
    if (typeof t.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(t.name))
      return `${where}.name must be 1-64 letters, digits, _ or -`;
    if (names.has(t.name)) return `${where}.name "${t.name}" is used twice`;
    names.add(t.name);
    if (typeof t.url !== 'string' || !isHttpUrl(t.url)) return `${where}.url must be an http(s) URL`;
    if (
      t.headers !== undefined &&
      (!isPlainObject(t.headers) || Object.values(t.headers).some((v) => typeof v !== 'string'))
    ) {
      return `${where}.headers must be an object of string values`;
    }
    if (
      t.allowedTools !== undefined &&
      (!Array.isArray(t.allowedTools) || t.allowedTools.some((n) => typeof n !== 'string'))
    ) {
      return `${where}.allowedTools must be an array of tool names`;
    }
    if (
      t.timeoutMs !== undefined &&
      (!Number.isInteger(t.timeoutMs) || (t.timeoutMs as number) < 100 || (t.timeoutMs as number) > 60000)
    ) {
      return `${where}.timeoutMs must be an integer from 100 to 60000`;
    }
    const extra = Object.keys(t).filter(
      (k) => !['type', 'name', 'url', 'headers', 'allowedTools', 'timeoutMs'].includes(k),
    );
    if (extra.length) return `${where} has unknown field ${extra[0]}`;
  }
  return null;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}
