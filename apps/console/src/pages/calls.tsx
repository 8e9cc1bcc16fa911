import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AssistantSelect, ErrorNote, formFields, Pager, Table, useAssistants, type AssistantRef } from '../parts';
import { api, CALL_STATUSES, roleAtLeast, useLatest, type Me } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';

const PAGE_SIZE = 20;
const CSV_COLUMNS = [
  'callId',
  'status',
  'agentId',
  'assistant',
  'direction',
  'from',
  'to',
  'durationSec',
  'endedReason',
  'createdAt',
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading formula sign neutralised. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && !/^[+-]?\d/.test(text)) text = `'${text}`; // no spreadsheet formulas
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every call the filters match, page by page (100 at a time), as CSV. */
async function callsCsv(filters: URLSearchParams, assistantName: (agentId: string | null) => string) {
  const rows: Schemas['CallRecord'][] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams(filters);
    q.set('page', String(page));
    q.set('pageSize', '100');
    const { total, list } = await api<Schemas['CallList']>('GET', `/voice/call/list?${q}`);
    rows.push(...list);
    if (list.length === 0 || rows.length >= total) break;
  }
  const lines = rows.map((c) =>
    [
      c.callId,
      c.status,
      c.agentId,
      assistantName(c.agentId),
      c.direction,
      c.from,
      c.to,
      c.durationSec,
      c.endedReason,
      c.createdAt,
    ]
      .map(csvField)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

/** `key=value` or `key` typed in the metadata search, as the list route's parameters. */
function metadataQuery(text: string): Record<string, string> {
  if (!text) return {};
  const at = text.indexOf('=');
  if (at < 0) return { metadataKey: text };
  return { metadataKey: text.slice(0, at).trim(), metadataValue: text.slice(at + 1).trim() };
}

/** Hands the text to the browser as a file download. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function Calls({ me }: { me: Me }) {
  const [calls, setCalls] = useState<Schemas['CallList']>({ total: 0, list: [] });
  const [status, setStatus] = useState('');
  const [agentId, setAgentId] = useState('');
  const [direction, setDirection] = useState('');
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  // applied on Search (a half-typed number is not a query)
  const [search, setSearch] = useState({ number: '', metadata: '' });
  const assistants = useAssistants();
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const latest = useLatest();
  // the filters alone: the list pages through them, the CSV export takes every match
  const filters = useCallback(
    () =>
      new URLSearchParams({
        ...(status ? { status } : {}),
        ...(agentId ? { agentId } : {}),
        ...(direction ? { direction } : {}),
        ...(after ? { createdAfter: new Date(after).toISOString() } : {}),
        ...(before ? { createdBefore: new Date(before).toISOString() } : {}),
        ...(search.number ? { number: search.number } : {}),
        ...metadataQuery(search.metadata),
      }),
    [status, agentId, direction, after, before, search],
  );
  const load = useCallback(() => {
    const q = filters();
    q.set('page', String(page));
    q.set('pageSize', String(PAGE_SIZE));
    latest(api<Schemas['CallList']>('GET', `/voice/call/list?${q}`), setCalls, (e) => setError(e.message));
  }, [page, filters, latest]);
  const assistantName = (id: string | null) => assistants.find((a) => a.agentId === id)?.name ?? '';
  const exportCsv = () =>
    callsCsv(filters(), assistantName).then(
      (csv) => download('calls.csv', csv, 'text/csv;charset=utf-8'),
      (e: Error) => setError(e.message),
    );
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
            {['', 'outbound', 'inbound', 'web'].map((d) => (
              <option key={d} value={d}>
                {d || 'any'}
              </option>
            ))}
          </select>
        </label>
        <form
          className="toolbar"
          role="search"
          aria-label="Search calls"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            setSearch({ number: String(data.get('number')).trim(), metadata: String(data.get('metadata')).trim() });
            setPage(1);
          }}
        >
          <label>
            Number <input name="number" type="search" placeholder="+14155550123" />
          </label>
          <label>
            Metadata <input name="metadata" type="search" placeholder="orderId=A-17" />
          </label>
          <button type="submit">Search</button>
        </form>
        <label>
          Created from{' '}
          <input type="datetime-local" value={after} onChange={(e) => (setAfter(e.target.value), setPage(1))} />
        </label>
        <label>
          Until <input type="datetime-local" value={before} onChange={(e) => (setBefore(e.target.value), setPage(1))} />
        </label>
        <button type="button" onClick={exportCsv}>
          Export CSV
        </button>
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
        <Table columns={['Call', 'Status', 'Assistant', 'Direction', 'From', 'To', 'Duration', 'Ended', 'Started']}>
          {calls.list.map((c) => (
            <tr key={c.callId}>
              <td>
                <a href={`#/calls/${c.callId}`}>{c.callId}</a>
              </td>
              <td data-testid="call-status">{c.status}</td>
              <td>{assistantName(c.agentId) || '—'}</td>
              <td>{c.direction}</td>
              <td>{c.from ?? '—'}</td>
              <td>{c.to}</td>
              <td>{c.durationSec === null ? '—' : `${c.durationSec} s`}</td>
              <td>{c.endedReason ?? '—'}</td>
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
