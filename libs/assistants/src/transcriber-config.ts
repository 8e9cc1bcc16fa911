import { z } from 'zod';
import { contract, isPlainObject, type SecretBox } from '@app/platform';

export const DEEPGRAM_URL = 'wss://api.deepgram.com/v1/listen';

/** Who recognises the caller's speech on real calls (README "Recognition"); null: offline pocketsphinx. */
export const TranscriberSetting = contract(
  'TranscriberSetting',
  z.object({
    provider: z.literal('deepgram').describe("A hosted streaming recogniser speaking Deepgram's live WebSocket API"),
    apiKey: z.string().optional().describe('Sent as `Authorization: Token …`; stored encrypted, shown masked'),
    url: z.string().optional().describe(`The live endpoint (default ${DEEPGRAM_URL}); wss, or ws for a local one`),
    model: z.string().optional().describe("e.g. nova-2 (default: the provider's)"),
  }),
);
export type TranscriberSetting = z.infer<typeof TranscriberSetting>;
type StoredTranscriber = Omit<TranscriberSetting, 'apiKey'> & { sealedKey?: string };

const MASK = '********';

export function transcriberProblem(v: unknown): string | null {
  if (!isPlainObject(v)) return 'transcriber must be an object {provider, apiKey?, url?, model?}';
  if (v.provider !== 'deepgram') return 'transcriber.provider must be "deepgram" (null: offline pocketsphinx)';
  const extra = Object.keys(v).filter((k) => !['provider', 'apiKey', 'url', 'model'].includes(k));
  if (extra.length) return `transcriber has unknown field ${extra[0]}`;
  if (v.url !== undefined && (typeof v.url !== 'string' || !isWsUrl(v.url))) {
    return 'transcriber.url must be a wss:// (or ws://) URL';
  }
  for (const name of ['apiKey', 'model']) {
    const s = v[name];
    if (s !== undefined && (typeof s !== 'string' || !s.trim() || s.length > 500)) {
      return `transcriber.${name} must be a non-empty string of at most 500 characters`;
    }
  }
  return null;
}

function isWsUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'wss:' || u.protocol === 'ws:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** As stored: the key sealed; a PATCH without one (or with the mask) keeps the stored key. */
export function sealTranscriber(t: TranscriberSetting, box: SecretBox, before?: unknown): StoredTranscriber {
  const { apiKey, ...rest } = t;
  if (apiKey && apiKey !== MASK) return { ...rest, sealedKey: box.seal(apiKey) };
  const old = before as StoredTranscriber | null | undefined;
  return old?.sealedKey ? { ...rest, sealedKey: old.sealedKey } : rest;
}

export function presentTranscriber(stored: unknown): TranscriberSetting | null {
  if (!isPlainObject(stored)) return null;
  const { sealedKey, ...rest } = stored as StoredTranscriber;
  return sealedKey ? { ...rest, apiKey: MASK } : rest;
}

export function openTranscriber(
  stored: unknown,
  box: SecretBox,
): (StoredTranscriber & { apiKey: string | null }) | null {
  if (!isPlainObject(stored)) return null;
  const t = stored as StoredTranscriber;
  return { ...t, apiKey: t.sealedKey ? box.open(t.sealedKey) : null };
}
