import { useEffect } from 'react';
import { WEBHOOK_EVENTS } from './api';

/** At most one refresh per this long, however busy the stream (a campaign emits many events). */
const REFRESH_MS = 500;

/**
 * Calls `onEvent` when call or campaign events arrive on the live stream (SSE; EventSource resumes
 * by itself), at most once per REFRESH_MS.
 */
export function useLiveEvents(onEvent: () => void, callId?: string) {
  useEffect(() => {
    const source = new EventSource(`/api/core/event/stream${callId ? `?callId=${encodeURIComponent(callId)}` : ''}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => (timer ??= setTimeout(() => ((timer = undefined), onEvent()), REFRESH_MS));
    for (const name of WEBHOOK_EVENTS) source.addEventListener(name, refresh);
    return () => (source.close(), clearTimeout(timer));
  }, [onEvent, callId]);
}
