import type { SecretBox } from '@app/platform';
import type { McpToolServer } from './assistant-config';

/**
 * How a tool server is stored: its header values (often credentials) sealed with ENCRYPTION_KEY
 * (AES-256-GCM, SecretBox) under `sealedHeaders`, names in clear; `headers` in the database is
 * only ever a row written before that, which `cli migrate` seals (sealClearToolHeaders).
 */
export type StoredToolServer = Omit<McpToolServer, 'headers'> & {
  headers?: Record<string, string>;
  sealedHeaders?: Record<string, string>;
};

const mapValues = (o: Record<string, string>, fn: (v: string) => string) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fn(v)]));

export const storedToolServers = (stored: unknown): StoredToolServer[] =>
  Array.isArray(stored) ? (stored as StoredToolServer[]) : [];

/** The servers as the database keeps them: every header value sealed. */
export function sealToolServers(tools: McpToolServer[], box: SecretBox): StoredToolServer[] {
  return tools.map(({ headers, ...t }) =>
    headers ? { ...t, sealedHeaders: mapValues(headers, box.seal.bind(box)) } : t,
  );
}

/** The servers as the engine calls them, header values opened. */
export function openToolServers(stored: unknown, box: SecretBox): McpToolServer[] {
  return storedToolServers(stored).map(({ headers, sealedHeaders, ...t }) =>
    headers || sealedHeaders
      ? { ...t, headers: { ...headers, ...mapValues(sealedHeaders ?? {}, box.open.bind(box)) } }
      : t,
  );
}

/** Whether a stored list still holds a header value in clear. */
export const hasClearHeaders = (stored: unknown) => storedToolServers(stored).some((t) => t.headers !== undefined);
