import { useEffect, useRef, useState } from 'react';
import { WebCall, type WebCallState } from '../web-call/web-call';

const SAID: Record<WebCallState, string> = {
  starting: 'Starting…',
  ringing: 'Ringing…',
  connected: 'Connected: speak to your assistant.',
  ended: 'The call ended.',
  failed: 'The call could not start.',
};

/**
 * Talking to an assistant from the browser (a web call): the microphone and speaker over a
 * WebSocket, the call's state, how loud the assistant is, and the call's page once it has an id.
 */
export function TalkPanel({ agentId, name, onClose }: { agentId: string; name: string; onClose: () => void }) {
  const [state, setState] = useState<WebCallState>('starting');
  const [reason, setReason] = useState('');
  const [callId, setCallId] = useState<string | null>(null);
  const [level, setLevel] = useState(0);
  const peak = useRef(0);
  const call = useRef<WebCall | null>(null);

  useEffect(() => {
    const webCall = new WebCall(
      agentId,
      (next, detail) => {
        setState(next);
        if (detail.callId) setCallId(detail.callId);
        if (detail.reason && next === 'failed') setReason(detail.reason);
      },
      (rms) => {
        peak.current = Math.max(peak.current, rms);
        setLevel(Math.min(1, rms * 4));
      },
    );
    call.current = webCall;
    void webCall.start();
    return () => webCall.hangUp();
  }, [agentId]);

  const live = state === 'starting' || state === 'ringing' || state === 'connected';
  return (
    <div className="panel talk" role="region" aria-label={`Talking to ${name}`}>
      <p role="status">{reason || SAID[state]}</p>
      <label>
        Assistant&apos;s voice
        <meter min={0} max={1} value={level} data-peak={peak.current.toFixed(4)} />
      </label>
      <div className="toolbar">
        {live ? (
          <button type="button" onClick={() => call.current?.hangUp()}>
            Hang up
          </button>
        ) : (
          <button type="button" onClick={onClose}>
            Close
          </button>
        )}
        {callId ? <a href={`#/calls/${callId}`}>Open the call</a> : null}
      </div>
    </div>
  );
}
