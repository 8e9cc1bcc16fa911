import { useEffect } from 'react';

/** Calls `onEvent` for each call event of the live stream (SSE; EventSource resumes by itself). */
export function useLiveEvents(onEvent: () => void, callId?: string) {
  useEffect(() => {
    const source = new EventSource(`/api/core/event/stream${callId ? `?callId=${encodeURIComponent(callId)}` : ''}`);
    const names = [
      'call.started',
      'call.connected',
      'call.completed',
      'call.failed',
      'transcript.ready',
      'recording.ready',
    ];
    for (const name of names) source.addEventListener(name, onEvent);
    return () => source.close();
  }, [onEvent, callId]);
}
