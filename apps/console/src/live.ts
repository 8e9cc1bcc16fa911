import { useEffect } from 'react';
import { CALL_EVENTS } from './api';

/** Calls `onEvent` for each call event of the live stream (SSE; EventSource resumes by itself). */
export function useLiveEvents(onEvent: () => void, callId?: string) {
  useEffect(() => {
    const source = new EventSource(`/api/core/event/stream${callId ? `?callId=${encodeURIComponent(callId)}` : ''}`);
    for (const name of CALL_EVENTS) source.addEventListener(name, onEvent);
    return () => source.close();
  }, [onEvent, callId]);
}
