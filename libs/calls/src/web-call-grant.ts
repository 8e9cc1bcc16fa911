import type { SecretBox } from '@app/platform';

/** Where a gateway hands a browser's web-call socket to an engine (its ENGINE_PORT). */
export const WEB_CALL_ENGINE_PATH = '/internal/web-call';
/** The header carrying the gateway's grant: who may start which call (sealed, so it cannot be forged). */
export const WEB_CALL_GRANT_HEADER = 'x-web-call-grant';
/** A grant is used at once: one older than this is refused (a replayed hand-over). */
const GRANT_LIFETIME_MS = 10_000;

/** What the gateway checked before handing a browser's socket on (README "Web calls"). */
export interface WebCallGrant {
  workspaceId: string;
  assistantId: string;
  requestId: string;
}

/** The gateway's grant, sealed with ENCRYPTION_KEY (AES-GCM: the engine can tell it is ours and unchanged). */
export function sealWebCallGrant(box: SecretBox, grant: WebCallGrant, now = Date.now()): string {
  return box.seal(JSON.stringify({ ...grant, expiresAt: now + GRANT_LIFETIME_MS }));
}

/** The grant a sealed header holds, or null: not ours, changed, or expired. */
export function openWebCallGrant(box: SecretBox, sealed: string | undefined, now = Date.now()): WebCallGrant | null {
  if (!sealed) return null;
  try {
    const grant = JSON.parse(box.open(sealed)) as WebCallGrant & { expiresAt: number };
    if (!(grant.expiresAt > now) || typeof grant.workspaceId !== 'string' || typeof grant.assistantId !== 'string') {
      return null;
    }
    return { workspaceId: grant.workspaceId, assistantId: grant.assistantId, requestId: String(grant.requestId) };
  } catch {
    return null;
  }
}
