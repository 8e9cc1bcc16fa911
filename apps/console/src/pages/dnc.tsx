import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, formFields, Pager, Table } from '../parts';
import { api, roleAtLeast, useLatest, type Me } from '../api';
import type { Schemas } from '../api-types';

const PAGE_SIZE = 50;

/** The numbers nobody in the workspace may call (start-call and campaigns refuse them). */
export function DoNotCall({ me }: { me: Me }) {
  const [entries, setEntries] = useState<Schemas['DncList']>({ total: 0, list: [] });
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const admin = roleAtLeast(me.role, 'admin');
  const latest = useLatest();
  const load = useCallback(() => {
    latest(api<Schemas['DncList']>('GET', `/dnc/list?page=${page}&pageSize=${PAGE_SIZE}`), setEntries, (e) =>
      setError(e.message),
    );
  }, [page, latest]);
  useEffect(load, [load]);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { number, reason } = formFields(form);
    try {
      await api('POST', '/dnc', { number, ...(reason ? { reason } : {}) });
      form.reset();
      setError('');
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = (number: string) => {
    if (!confirm(`Allow calls to ${number} again?`)) return;
    api('DELETE', `/dnc/${encodeURIComponent(number)}`).then(load, (e: Error) => setError(e.message));
  };

  return (
    <section aria-labelledby="dnc-title">
      <h1 id="dnc-title">Do not call</h1>
      <p className="muted">Calls to these numbers are refused, from the API, the console and campaigns alike.</p>
      {admin && (
        <form onSubmit={add} className="panel" aria-label="Add a number">
          <label>
            Number <input name="number" required placeholder="+14155550123" autoComplete="off" />
          </label>
          <label>
            Reason <input name="reason" placeholder="Asked not to be called" maxLength={500} />
          </label>
          <button type="submit">Add number</button>
        </form>
      )}
      <ErrorNote error={error} />
      {entries.total === 0 ? (
        <p className="muted">No number is on the list.</p>
      ) : (
        <Table columns={['Number', 'Reason', 'Added', ...(admin ? [''] : [])]}>
          {entries.list.map((d) => (
            <tr key={d.number}>
              <td>{d.number}</td>
              <td>{d.reason ?? '—'}</td>
              <td>{new Date(d.createdAt).toLocaleString()}</td>
              {admin && (
                <td>
                  <button type="button" onClick={() => remove(d.number)} aria-label={`Remove ${d.number}`}>
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={entries.total} onPage={setPage} />
    </section>
  );
}
