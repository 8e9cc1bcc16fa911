import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, formFields, Table } from '../parts';
import { api, ROLES, type Me } from '../api';
import type { Schemas } from '../api-types';

type Key = Schemas['ApiKeyRecord'];

export function ApiKeys({ me }: { me: Me }) {
  const [keys, setKeys] = useState<Key[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    api<Schemas['ApiKeyList']>('GET', '/api-key/list').then(
      (r) => setKeys(r.list),
      (e) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = formFields(formEl);
    setError('');
    try {
      const key = await api<Schemas['ApiKeyCreated']>('POST', '/api-key', form);
      setCreated(key.key);
      formEl.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const revoke = async (k: Key) => {
    if (!confirm(`Revoke "${k.name}"? Programs using it stop working at once.`)) return;
    await api('DELETE', `/api-key/${k.keyId}`).then(load, (e) => setError(e.message));
  };
  // a key cannot be stronger than the person making it
  const roles = ROLES.slice(0, ROLES.indexOf(me.role) + 1);
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <form onSubmit={create} className="panel" aria-label="Create an API key">
        <label>
          Name <input name="name" required placeholder="CRM integration" />
        </label>
        <label>
          Role{' '}
          <select name="role" defaultValue={roles.includes('member') ? 'member' : roles[0]}>
            {roles.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <button type="submit">Create key</button>
      </form>
      {created ? (
        <div className="panel" role="status">
          <p>
            <strong>Copy this key now: it is shown only once.</strong>
          </p>
          <code data-testid="new-key">{created}</code>{' '}
          <button type="button" onClick={() => navigator.clipboard?.writeText(created)}>
            Copy
          </button>
        </div>
      ) : null}
      <ErrorNote error={error} />
      <KeyTable keys={keys.filter((k) => k.purpose === 'api')} onRevoke={revoke} />
      <h2>Keys made for webhooks</h2>
      <p className="muted">
        The console made these for webhooks registered while signed in: each webhook&apos;s deliveries carry one as
        their Bearer key (a viewer key). Revoking one stops its webhook&apos;s deliveries.
      </p>
      <KeyTable keys={keys.filter((k) => k.purpose === 'webhook')} onRevoke={revoke} />
    </section>
  );
}

function KeyTable({ keys, onRevoke }: { keys: Key[]; onRevoke: (k: Key) => void }) {
  if (keys.length === 0) return <p className="muted">None.</p>;
  return (
    <Table columns={['Name', 'Key', 'Role', 'Creator', 'Created', 'Last used', '']}>
      {keys.map((k) => (
        <tr key={k.keyId}>
          <td>{k.name}</td>
          <td data-testid="key-preview">{k.preview}</td>
          <td>{k.role}</td>
          <td>{k.createdBy.email ?? k.createdBy.name}</td>
          <td>{new Date(k.createdAt).toLocaleString()}</td>
          <td>{k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : 'never'}</td>
          <td>
            {k.revokedAt ? (
              'revoked'
            ) : (
              <button type="button" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
