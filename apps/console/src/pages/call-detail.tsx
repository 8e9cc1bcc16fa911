import { useCallback, useEffect, useState } from 'react';
import { ErrorNote, Loading } from '../parts';
import { api, roleAtLeast, useLatest, type Me } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';

type Call = Schemas['CallRecord'];
type CallEvent = Schemas['EventRecord'];
type Transcript = Schemas['TranscriptRecord'];
type Turn = Schemas['TranscriptTurn'];

export function CallDetail({ me, callId }: { me: Me; callId: string }) {
  const [call, setCall] = useState<Call | null>(null);
  const [events, setEvents] = useState<CallEvent[]>([]);
  const [transcript, setTranscript] = useState<Transcript | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    api<Call>('GET', `/voice/call/${callId}`).then(setCall, (e) => setError(e.message));
    api<Schemas['EventList']>('GET', `/event/list?callId=${callId}&limit=100`).then((r) => setEvents(r.list));
  }, [callId]);
  useEffect(load, [load]);
  useLiveEvents(load, callId);
  useEffect(() => {
    if (call?.transcriptReady) api<Transcript>('GET', `/voice/call/${callId}/transcript`).then(setTranscript);
  }, [call?.transcriptReady, callId]);
  const liveTurns = useLiveTranscript(callId, call !== null && !call.transcriptReady && !call.mediaRemovedAt);

  if (!call) return error ? <ErrorNote error={error} /> : <Loading />;
  const live = call.status === 'ringing' || call.status === 'in-progress';
  return (
    <section aria-labelledby="call-title">
      <h1 id="call-title">Call {call.callId}</h1>
      {live && roleAtLeast(me.role, 'member') && <LiveControls call={call} onDone={load} onError={setError} />}
      <ErrorNote error={error} />
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="call-status">{call.status}</dd>
        <dt>From</dt>
        <dd>{call.from ?? '–'}</dd>
        <dt>To</dt>
        <dd>{call.to}</dd>
        <dt>Direction</dt>
        <dd>{call.direction}</dd>
        <dt>Duration</dt>
        <dd data-testid="duration">{call.durationSec === null ? '–' : `${call.durationSec} s`}</dd>
        <dt>Ended because</dt>
        <dd>{call.endedReason ?? '–'}</dd>
        {call.answeredBy && (
          <>
            <dt>Answered by</dt>
            <dd>{call.answeredBy}</dd>
          </>
        )}
      </dl>
      {call.analysis && (
        <>
          <h2>Analysis</h2>
          <dl className="facts" data-testid="analysis">
            {call.analysis.summary && (
              <>
                <dt>Summary</dt>
                <dd>{call.analysis.summary}</dd>
              </>
            )}
            {call.analysis.success !== null && (
              <>
                <dt>Success</dt>
                <dd>
                  {call.analysis.success ? 'yes' : 'no'}
                  {call.analysis.successReason ? ` — ${call.analysis.successReason}` : ''}
                </dd>
              </>
            )}
            {call.analysis.structuredData && (
              <>
                <dt>Data</dt>
                <dd>
                  <pre>{JSON.stringify(call.analysis.structuredData, null, 2)}</pre>
                </dd>
              </>
            )}
            {call.analysis.error && (
              <>
                <dt>Problem</dt>
                <dd>{call.analysis.error}</dd>
              </>
            )}
          </dl>
        </>
      )}
      <h2>Timeline</h2>
      <ol>
        {events.map((e) => (
          <li key={e.eventId} data-testid="timeline-event">
            {new Date(e.occurredAt).toLocaleTimeString()} — {e.event}
          </li>
        ))}
      </ol>
      <h2>Transcript</h2>
      {transcript ? (
        <Turns turns={transcript.turns} />
      ) : liveTurns.length > 0 ? (
        <>
          <p className="muted">{live ? 'Live: the turns appear as they are said.' : pending(call, 'transcript')}</p>
          <Turns turns={liveTurns} label="Live transcript" />
        </>
      ) : (
        <p className="muted">{live ? 'Nothing said yet.' : pending(call, 'transcript')}</p>
      )}
      <h2>Recording</h2>
      {call.recordingReady ? (
        <audio controls preload="metadata" src={`/api/core/voice/call/${callId}/recording`} aria-label="Recording" />
      ) : (
        <p className="muted">{pending(call, 'recording')}</p>
      )}
    </section>
  );
}

/** The turns of a transcript, with each answer's latency where it was measured (SIP and web calls). */
function Turns({ turns, label = 'Transcript' }: { turns: Turn[]; label?: string }) {
  return (
    <ol className="transcript" aria-label={label} aria-live={label === 'Transcript' ? undefined : 'polite'}>
      {turns.map((t, i) => (
        <li key={i}>
          <strong>{t.role}</strong>: {t.text ?? (t.dtmf ? `[keys ${t.dtmf}]` : '(not recognised)')}
          {t.interrupted && <span className="muted"> (interrupted)</span>}
          {t.latencyMs !== undefined && <span className="muted"> · answered in {t.latencyMs} ms</span>}
        </li>
      ))}
    </ol>
  );
}

/** While a call has no stored transcript: what has been said so far, asked for once a second. */
function useLiveTranscript(callId: string, on: boolean): Turn[] {
  const [turns, setTurns] = useState<Turn[]>([]);
  const latest = useLatest();
  useEffect(() => {
    if (!on) return;
    const ask = () =>
      latest(
        api<Schemas['LiveTranscript']>('GET', `/voice/call/${callId}/transcript/live`),
        (r) => setTurns(r.turns),
        () => undefined,
      );
    ask();
    const timer = setInterval(ask, 1000);
    return () => clearInterval(timer);
  }, [callId, on, latest]);
  return turns;
}

/** End a live call; transfer a connected call on a SIP trunk (the simulator accepts transfers too). */
function LiveControls(p: { call: Call; onDone: () => void; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [transferTo, setTransferTo] = useState('');
  const act = (path: string, body?: object) => {
    setBusy(true);
    api('POST', `/voice/call/${p.call.callId}/${path}`, body)
      .then(
        () => (p.onError(''), setTransferTo(''), p.onDone()),
        (e: Error) => p.onError(e.message),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className="toolbar">
      <button type="button" disabled={busy} onClick={() => act('end')}>
        End call
      </button>
      {p.call.status === 'in-progress' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            act('transfer', { to: transferTo });
          }}
        >
          <label>
            Transfer to{' '}
            <input
              value={transferTo}
              onChange={(e) => setTransferTo(e.target.value)}
              placeholder="+14155550123"
              required
            />
          </label>{' '}
          <button type="submit" disabled={busy}>
            Transfer
          </button>
        </form>
      )}
    </div>
  );
}

/** Why a transcript or recording is not shown: not made yet, or removed by the workspace's retention. */
function pending(call: Call, what: 'transcript' | 'recording'): string {
  if (!call.mediaRemovedAt) return `The ${what} appears when the call has ended.`;
  return `The ${what} was removed on ${new Date(call.mediaRemovedAt).toLocaleString()} (the workspace's retention).`;
}
