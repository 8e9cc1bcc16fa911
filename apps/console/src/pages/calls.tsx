import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AssistantSelect, ErrorNote, formFields, Pager, Table, useAssistants, type AssistantRef } from '../parts';
import { api, CALL_STATUSES, roleAtLeast, useLatest, type Me } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';

const PAGE_SIZE = 20;

export function Calls({ me }: { me: Me }) {
  const [calls, setCalls] = useState<Schemas['CallList']>({ total: 0, list: [] });
  const [status, setStatus] = useState('');
  const [agentId, setAgentId] = useState('');
  const [direction, setDirection] = useState('');
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  const assistants = useAssistants();
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const latest = useLatest();
  const load = useCallback(() => {
    const q = new URLSearchParams({
      page: String(page),
      pageSize: String(PAGE_SIZE),
      ...(status ? { status } : {}),
      ...(agentId ? { agentId } : {}),
      ...(direction ? { direction } : {}),
      ...(after ? { createdAfter: new Date(after).toISOString() } : {}),
      ...(before ? { createdBefore: new Date(before).toISOString() } : {}),
    });
    latest(api<Schemas['CallList']>('GET', `/voice/call/list?${q}`), setCalls, (e) => setError(e.message));
  }, [page, status, agentId, direction, after, before, latest]);
  useEffect(load, [load]);
  useLiveEvents(load);

  return (
    <section aria-labelledby="calls-title">
      <h1 id="calls-title">Calls</h1>
      <div className="toolbar">
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {['', ...CALL_STATUSES].map((s) => (
              <option key={s} value={s}>
                {s || 'any'}
              </option>
            ))}
          </select>
        </label>
        <AssistantSelect
          assistants={assistants}
          none="any"
          value={agentId}
          onChange={(e) => (setAgentId(e.target.value), setPage(1))}
        />
        <label>
          Direction{' '}
          <select value={direction} onChange={(e) => (setDirection(e.target.value), setPage(1))}>
            {['', 'outbound', 'inbound'].map((d) => (
              <option key={d} value={d}>
                {d || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Created from{' '}
          <input type="datetime-local" value={after} onChange={(e) => (setAfter(e.target.value), setPage(1))} />
        </label>
        <label>
          Until <input type="datetime-local" value={before} onChange={(e) => (setBefore(e.target.value), setPage(1))} />
        </label>
        {roleAtLeast(me.role, 'member') ? (
          <button type="button" onClick={() => setStarting(true)}>
            Start a call
          </button>
        ) : null}
      </div>
      {starting ? <StartCall assistants={assistants} onDone={() => (setStarting(false), load())} /> : null}
      <ErrorNote error={error} />
      {calls.list.length === 0 ? (
        <p className="muted">No calls yet. Create an assistant, then start a call.</p>
      ) : (
        <Table columns={['Call', 'Status', 'Direction', 'From', 'To', 'Started']}>
          {calls.list.map((c) => (
            <tr key={c.callId}>
              <td>
                <a href={`#/calls/${c.callId}`}>{c.callId}</a>
              </td>
              <td data-testid="call-status">{c.status}</td>
              <td>{c.direction}</td>
              <td>{c.from ?? '—'}</td>
              <td>{c.to}</td>
              <td>{new Date(c.createdAt).toLocaleString()}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={calls.total} onPage={setPage} />
    </section>
  );
}

function StartCall({ assistants, onDone }: { assistants: AssistantRef[]; onDone: () => void }) {
  const [error, setError] = useState('');
  const [numbers, setNumbers] = useState<Schemas['PhoneNumberRecord'][]>([]);
  useEffect(() => {
    api<Schemas['PhoneNumberList']>('GET', '/voice/number/list?pageSize=100').then((r) => setNumbers(r.list));
  }, []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { from, ...form } = formFields(e.currentTarget);
    try {
      await api('POST', '/voice/agent/call', { ...form, ...(from ? { from } : {}) });
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit} className="panel" aria-label="Start a call">
      <AssistantSelect assistants={assistants} name="agentId" required />
      <label>
        Number to call <input name="to" required placeholder="+14155552671" />
      </label>
      <label>
        Caller ID{' '}
        <select name="from" defaultValue="">
          <option value="">{numbers.some((n) => n.default) ? 'default number' : 'none'}</option>
          {numbers.map((n) => (
            <option key={n.number} value={n.number}>
              {n.number}
            </option>
          ))}
        </select>
      </label>
      <ErrorNote error={error} />
      <button type="submit">Call</button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
