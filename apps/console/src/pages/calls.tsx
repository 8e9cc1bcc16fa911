import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, roleAtLeast, type Me } from '../api';
import { useLiveEvents } from '../live';

interface Call {
  callId: string;
  agentId: string;
  status: string;
  direction: string;
  to: string;
  createdAt: string;
}
interface Assistant {
  agentId: string;
  name: string;
}
const PAGE_SIZE = 20;

export function Calls({ me }: { me: Me }) {
  const [calls, setCalls] = useState<{ total: number; list: Call[] }>({ total: 0, list: [] });
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const load = useCallback(() => {
    const q = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(status ? { status } : {}) });
    api<{ total: number; list: Call[] }>('GET', `/voice/call/list?${q}`).then(setCalls, (e) => setError(e.message));
  }, [page, status]);
  useEffect(load, [load]);
  useLiveEvents(load);

  return (
    <section aria-labelledby="calls-title">
      <h1 id="calls-title">Calls</h1>
      <div className="toolbar">
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {['', 'ringing', 'in-progress', 'completed', 'failed', 'no-answer'].map((s) => (
              <option key={s} value={s}>
                {s || 'any'}
              </option>
            ))}
          </select>
        </label>
        {roleAtLeast(me.role, 'member') ? (
          <button type="button" onClick={() => setStarting(true)}>
            Start a call
          </button>
        ) : null}
      </div>
      {starting ? <StartCall onDone={() => (setStarting(false), load())} /> : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {calls.list.length === 0 ? (
        <p className="muted">No calls yet. Create an assistant, then start a call.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Call</th>
              <th scope="col">Status</th>
              <th scope="col">Direction</th>
              <th scope="col">To</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {calls.list.map((c) => (
              <tr key={c.callId}>
                <td>
                  <a href={`#/calls/${c.callId}`}>{c.callId}</a>
                </td>
                <td data-testid="call-status">{c.status}</td>
                <td>{c.direction}</td>
                <td>{c.to}</td>
                <td>{new Date(c.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Pages" className="toolbar">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {Math.max(1, Math.ceil(calls.total / PAGE_SIZE))}
        </span>
        <button type="button" disabled={page * PAGE_SIZE >= calls.total} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    </section>
  );
}

function StartCall({ onDone }: { onDone: () => void }) {
  const [assistants, setAssistants] = useState<Assistant[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    api<{ list: Assistant[] }>('GET', '/voice/agent/list?pageSize=100').then((r) => setAssistants(r.list));
  }, []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    try {
      await api('POST', '/voice/agent/call', form);
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit} className="panel" aria-label="Start a call">
      <label>
        Assistant{' '}
        <select name="agentId" required>
          {assistants.map((a) => (
            <option key={a.agentId} value={a.agentId}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Number to call <input name="to" required placeholder="+14155552671" />
      </label>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <button type="submit">Call</button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
