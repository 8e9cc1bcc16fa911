import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, formFields, Table } from '../parts';
import { api, roleAtLeast, ROLES, type Me } from '../api';
import type { Schemas } from '../api-types';

type Member = Schemas['MemberRecord'];
type PendingInvite = Schemas['InviteRecord'];

export function Members({ me }: { me: Me }) {
  const [members, setMembers] = useState<Member[]>([]);
  const [pending, setPending] = useState<PendingInvite[]>([]);
  const [invite, setInvite] = useState<string | null>(null);
  const [error, setError] = useState('');
  const canManage = roleAtLeast(me.role, 'admin');
  const load = useCallback(() => {
    api<Schemas['MemberList']>('GET', '/member/list?pageSize=100').then(
      (r) => setMembers(r.list),
      (e) => setError(e.message),
    );
    if (canManage)
      api<Schemas['InviteList']>('GET', '/member/invite/list').then(
        (r) => setPending(r.list),
        () => {},
      );
  }, [canManage]);
  useEffect(load, [load]);
  const grantable = ROLES.filter((r) => roleAtLeast(me.role, r));
  const run = (p: Promise<unknown>) => p.then(load, (e: Error) => setError(e.message));
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = formFields(formEl);
    setError('');
    try {
      const created = await api<Schemas['InviteCreated']>('POST', '/member/invite', form);
      setInvite(created.inviteUrl);
      formEl.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      {canManage ? (
        <form onSubmit={send} className="panel" aria-label="Invite a member">
          <label>
            Email <input name="email" type="email" required />
          </label>
          <label>
            Role{' '}
            <select name="role" defaultValue="member">
              {grantable.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <button type="submit">Invite</button>
        </form>
      ) : null}
      {invite ? (
        <div className="panel" role="status">
          <p>Send this link to the person; it works once, for 7 days, and is shown only now:</p>
          <code data-testid="invite-url">{invite}</code>{' '}
          <button type="button" onClick={() => navigator.clipboard?.writeText(invite)}>
            Copy link
          </button>
        </div>
      ) : null}
      <ErrorNote error={error} />
      <Table columns={['Name', 'Email', 'Role', '']}>
        {members.map((m) => (
          <tr key={m.accountId}>
            <td>{m.name}</td>
            <td>{m.email}</td>
            <td>
              {canManage && roleAtLeast(me.role, m.role) ? (
                <select
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  onChange={(e) => run(api('PATCH', `/member/${m.accountId}`, { role: e.target.value }))}
                >
                  {grantable.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              ) : (
                m.role
              )}
            </td>
            <td>
              {canManage && roleAtLeast(me.role, m.role) && m.accountId !== me.accountId ? (
                <button
                  type="button"
                  aria-label={`Remove ${m.email}`}
                  onClick={() =>
                    confirm(`Remove ${m.email}? Their keys stop working.`) &&
                    run(api('DELETE', `/member/${m.accountId}`))
                  }
                >
                  Remove
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      {canManage && pending.length > 0 ? (
        <>
          <h2>Pending invitations</h2>
          <Table columns={['Email', 'Role', 'Expires', '']}>
            {pending.map((i) => (
              <tr key={i.inviteId}>
                <td>{i.email}</td>
                <td>{i.role}</td>
                <td>{new Date(i.expiresAt).toLocaleString()}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Revoke the invitation of ${i.email}`}
                    onClick={() => run(api('DELETE', `/member/invite/${i.inviteId}`))}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
    </section>
  );
}
