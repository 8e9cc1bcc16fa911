import { useEffect, useState } from 'react';
import { ErrorNote, Pager, Table } from '../parts';
import { api } from '../api';
import type { Schemas } from '../api-types';

const PAGE_SIZE = 50;

export function Audit() {
  const [entries, setEntries] = useState<Schemas['AuditList']>({ total: 0, list: [] });
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  useEffect(() => {
    const q = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(action ? { action } : {}) });
    api<typeof entries>('GET', `/audit/list?${q}`).then(setEntries, (e) => setError(e.message));
  }, [action, page]);
  const actions = [
    'login.succeeded',
    'login.failed',
    'password.changed',
    'key.created',
    'key.revoked',
    'member.invited',
    'member.invite_revoked',
    'member.joined',
    'member.role_changed',
    'member.removed',
    'webhook.created',
    'webhook.updated',
    'webhook.deleted',
    'number.added',
    'number.updated',
    'number.released',
    'dnc.added',
    'dnc.removed',
    'trunk.created',
    'trunk.updated',
    'trunk.deleted',
  ];
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <label>
        Action{' '}
        <select value={action} onChange={(e) => (setAction(e.target.value), setPage(1))}>
          <option value="">any</option>
          {actions.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
      <ErrorNote error={error} />
      <Table columns={['When', 'Action', 'Who', 'From', 'Target']}>
        {entries.list.map((e) => (
          <tr key={e.auditId}>
            <td>{new Date(e.at).toLocaleString()}</td>
            <td>{e.action}</td>
            <td>
              {e.actor.accountId ?? '–'}
              {e.actor.keyId ? ` (key ${e.actor.keyId})` : ''}
            </td>
            <td>{e.actor.clientIp ?? '–'}</td>
            <td>{e.target ? `${e.target.type} ${e.target.id}` : '–'}</td>
          </tr>
        ))}
      </Table>
      <Pager page={page} pageSize={PAGE_SIZE} total={entries.total} onPage={setPage} />
    </section>
  );
}
