import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';

/** Idempotency-Key of start-call, for REST and MCP alike: 1-255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_RULE = 'Idempotency-Key must be 1-255 printable ASCII characters';

/** How long a key answers with its first response. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Two start-call requests are the same when agentId, the normalised numbers and metadata agree;
 * key order in metadata does not matter (keys are sorted before hashing). `from` counts only when
 * sent, so hashes stored before it existed still match.
 */
export function startCallRequestHash(request: {
  agentId: string;
  to: string;
  from?: string;
  metadata?: object | null;
  simulatedCaller?: object | null;
}): string {
  const { agentId, to, from, simulatedCaller } = request;
  const canonical =
    stringify({
      agentId,
      to,
      ...(from ? { from } : {}),
      metadata: request.metadata ?? null,
      ...(simulatedCaller ? { simulatedCaller } : {}),
    }) ?? '';
  return createHash('sha256').update(canonical).digest('hex');
}
