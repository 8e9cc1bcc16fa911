import { z } from 'zod';
import { contract, isPlainObject, type SecretBox } from '@app/platform';
import { isHttpUrl } from './assistant-config';

export const BRAIN_TYPES = ['script', 'server', 'openai'] as const;
export const DEFAULT_BRAIN_TIMEOUT_MS = 5000;
export const DEFAULT_FALLBACK_LINE = "I'm sorry, I'm having trouble right now. Please call back later. Goodbye.";

/** Who decides what the assistant says (README "Brains"); absent: the script. */
export const BrainSetting = contract(
  'BrainSetting',
  z.object({
    type: z
      .enum(BRAIN_TYPES)
      .describe('script: the steps; server: your own server; openai: any OpenAI-compatible chat-completions API'),
    url: z.string().optional().describe('server: the URL POSTed the conversation; it answers actions as NDJSON'),
    secret: z.string().optional().describe('server: signs each request (X-Signature, as webhooks); shown masked'),
    baseUrl: z.string().optional().describe('openai: the API base URL, e.g. https://api.openai.com/v1'),
    model: z.string().optional().describe('openai: the model name'),
    apiKey: z.string().optional().describe('openai: sent as a Bearer token; stored encrypted, shown masked'),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().min(1).max(4096).optional(),
    timeoutMs: z
      .number()
      .int()
      .min(200)
      .max(30000)
      .optional()
      .describe(`The longest wait for the brain's first words of an answer (default ${DEFAULT_BRAIN_TIMEOUT_MS})`),
    fallbackLine: z
      .string()
      .optional()
      .describe('Said when the brain fails or is too slow; the call then ends as brain-failed'),
  }),
);
export type BrainSetting = z.infer<typeof BrainSetting>;

/** How the database keeps a brain: its secret or key sealed with ENCRYPTION_KEY, never in clear. */
export type StoredBrain = Omit<BrainSetting, 'secret' | 'apiKey'> & { sealedSecret?: string };

const FIELDS: Record<(typeof BRAIN_TYPES)[number], string[]> = {
  script: ['type'],
  server: ['type', 'url', 'secret', 'timeoutMs', 'fallbackLine'],
  openai: ['type', 'baseUrl', 'model', 'apiKey', 'temperature', 'maxTokens', 'timeoutMs', 'fallbackLine'],
};

/** The first problem of a brain setting, or null. */
export function brainProblem(v: unknown): string | null {
  if (!isPlainObject(v)) return 'brain must be an object {type, ...}';
  if (!BRAIN_TYPES.includes(v.type as never)) return `brain.type must be one of ${BRAIN_TYPES.join(', ')}`;
  const type = v.type as (typeof BRAIN_TYPES)[number];
  const extra = Object.keys(v).filter((k) => !FIELDS[type].includes(k));
  if (extra.length) return `brain has field ${extra[0]}, which a ${type} brain does not take`;
  const url = type === 'server' ? 'url' : type === 'openai' ? 'baseUrl' : null;
  if (url && (typeof v[url] !== 'string' || !isHttpUrl(v[url] as string))) return `brain.${url} must be an http(s) URL`;
  if (type === 'openai' && (typeof v.model !== 'string' || !/^\S{1,200}$/.test(v.model))) {
    return 'brain.model must be a model name of at most 200 characters';
  }
  for (const name of ['secret', 'apiKey', 'fallbackLine']) {
    const s = v[name];
    if (s !== undefined && (typeof s !== 'string' || s.trim() === '' || s.length > 2000)) {
      return `brain.${name} must be a non-empty string of at most 2000 characters`;
    }
  }
  const numbers: [string, number, number, boolean][] = [
    ['temperature', 0, 2, false],
    ['maxTokens', 1, 4096, true],
    ['timeoutMs', 200, 30000, true],
  ];
  for (const [name, min, max, integer] of numbers) {
    const n = v[name];
    if (n === undefined) continue;
    if (typeof n !== 'number' || (integer && !Number.isInteger(n)) || n < min || n > max) {
      return `brain.${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
    }
  }
  return null;
}

/** The brain as stored: the secret sealed; a PATCH without one keeps the stored secret of the same brain. */
export function sealBrain(brain: BrainSetting, box: SecretBox, before?: unknown): StoredBrain {
  const { secret, apiKey, ...rest } = brain;
  const plain = secret ?? apiKey;
  if (plain && plain !== MASK) return { ...rest, sealedSecret: box.seal(plain) };
  const old = before as StoredBrain | null | undefined;
  return old?.type === brain.type && old.sealedSecret ? { ...rest, sealedSecret: old.sealedSecret } : rest;
}

export const MASK = '********';

/** The brain as the API shows it: the secret masked. */
export function presentBrain(stored: unknown): BrainSetting | null {
  if (!isPlainObject(stored)) return null;
  const { sealedSecret, ...rest } = stored as StoredBrain;
  if (!sealedSecret) return rest;
  return rest.type === 'openai' ? { ...rest, apiKey: MASK } : { ...rest, secret: MASK };
}

/** The brain as the engine uses it: the secret opened (null: none set). */
export function openBrain(stored: unknown, box: SecretBox): (StoredBrain & { secret: string | null }) | null {
  if (!isPlainObject(stored)) return null;
  const brain = stored as StoredBrain;
  return { ...brain, secret: brain.sealedSecret ? box.open(brain.sealedSecret) : null };
}
