// The console is a client of the public API: every call here is a route of /openapi.json.
import { useCallback, useRef } from 'react';
import type { Schemas } from './api-types';

export type Me = Schemas['Me'];

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

/**
 * JSON in (or text of another type, e.g. a CSV file as it is), JSON out; an error answer becomes an
 * ApiError carrying the body's message.
 */
export async function api<T>(method: string, path: string, body?: unknown, type = 'application/json'): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = type;
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  const res = await fetch(`/api/core${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : String(body),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, parsed?.message ?? `Request failed (${res.status})`);
  return parsed as T;
}

/**
 * For a view whose requests can overlap (filters changed while a list loads): only the newest
 * request's answer or error is applied, so a slower, older answer never overwrites a newer one.
 */
export function useLatest() {
  const newest = useRef(0);
  return useCallback(<T>(request: Promise<T>, apply: (value: T) => void, fail: (e: Error) => void) => {
    const mine = ++newest.current;
    request.then(
      (value) => mine === newest.current && apply(value),
      (e: Error) => mine === newest.current && fail(e),
    );
  }, []);
}

/** The roles, weakest first (typed by the API's own role values). */
export const ROLES: Me['role'][] = ['viewer', 'member', 'admin', 'owner'];

export const roleAtLeast = (role: Me['role'], needed: Me['role']) => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** The statuses a call can have, for filters (typed by the API's own status values). */
export const CALL_STATUSES: Schemas['CallRecord']['status'][] = [
  'ringing',
  'in-progress',
  'completed',
  'failed',
  'no-answer',
];

/** The call events (spec part 6) the console listens to and webhooks subscribe to. */
export const CALL_EVENTS: Schemas['WebhookRecord']['events'] = [
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
export const WEBHOOK_EVENTS: Schemas['WebhookRecord']['events'] = [
  ...CALL_EVENTS,
  'campaign.started',
  'campaign.paused',
  'campaign.completed',
];
