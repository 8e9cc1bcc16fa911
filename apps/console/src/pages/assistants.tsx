import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, formFields } from '../parts';
import { api, roleAtLeast, type Me } from '../api';

interface Assistant {
  agentId: string;
  name: string;
  language: string;
  firstMessage: string | null;
}

export function Assistants({ me }: { me: Me }) {
  const [list, setList] = useState<Assistant[]>([]);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    api<{ list: Assistant[] }>('GET', '/voice/agent/list?pageSize=100').then((r) => setList(r.list));
  }, []);
  useEffect(load, [load]);
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = formFields(formEl);
    setError('');
    try {
      await api('POST', '/voice/agent', { name: form.name, firstMessage: form.firstMessage || undefined });
      formEl.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="assistants-title">
      <h1 id="assistants-title">Assistants</h1>
      {roleAtLeast(me.role, 'admin') ? (
        <form onSubmit={create} className="panel" aria-label="Create an assistant">
          <label>
            Name <input name="name" required />
          </label>
          <label>
            First message <input name="firstMessage" />
          </label>
          <ErrorNote error={error} />
          <button type="submit">Create assistant</button>
        </form>
      ) : null}
      {list.length === 0 ? (
        <p className="muted">No assistants yet.</p>
      ) : (
        <ul>
          {list.map((a) => (
            <li key={a.agentId}>
              <strong>{a.name}</strong> <span className="muted">{a.agentId}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
