// The console is a client of the public API: every call here is a route of /openapi.json.

export interface Me {
  accountId: string;
  email: string;
  name: string;
  role: 'viewer' | 'member' | 'admin' | 'owner';
  workspace: { workspaceId: string; name: string };
  csrfToken: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** JSON in, JSON out; an error answer becomes an ApiError carrying the body's message. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  const res = await fetch(`/api/core${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, parsed?.message ?? `Request failed (${res.status})`);
  return parsed as T;
}

export const roleAtLeast = (role: Me['role'], needed: Me['role']) =>
  ['viewer', 'member', 'admin', 'owner'].indexOf(role) >= ['viewer', 'member', 'admin', 'owner'].indexOf(needed);

/** The call events (spec part 6) the console listens to and webhooks subscribe to. */
export const CALL_EVENTS = [
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'transcript.ready',
  'recording.ready',
  'call.transferred',
  'analysis.ready',
];

/** Every event a webhook may subscribe to: the call events and the campaign events. */
export const WEBHOOK_EVENTS = [...CALL_EVENTS, 'campaign.started', 'campaign.paused', 'campaign.completed'];
