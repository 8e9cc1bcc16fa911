import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, formFields, Table } from '../parts';
import { api } from '../api';
import type { Schemas } from '../api-types';

type Trunk = Schemas['SipTrunkRecord'];

/** Empty form fields are "not given"; CIDRs are typed comma- or space-separated. */
function trunkBody(form: Record<string, string>) {
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== ''));
  if (body.port !== undefined) body.port = Number(body.port);
  body.inboundCidrs = (form.inboundCidrs ?? '').split(/[\s,]+/).filter(Boolean);
  return body;
}

/** SIP trunks (admins): where the workspace's real calls go out and come in (README "SIP trunks"). */
export function Trunks() {
  const [trunks, setTrunks] = useState<Trunk[]>([]);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    api<Schemas['SipTrunkList']>('GET', '/voice/trunk/list?pageSize=100').then(
      (r) => setTrunks(r.list),
      (e: Error) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    const form = e.currentTarget;
    try {
      await api('POST', '/voice/trunk', trunkBody(formFields(form)));
      form.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = (t: Trunk) =>
    confirm(`Delete the trunk ${t.name}?`) &&
    api('DELETE', `/voice/trunk/${t.trunkId}`).then(load, (e: Error) => setError(e.message));

  return (
    <section aria-labelledby="trunks-title">
      <h1 id="trunks-title">SIP trunks</h1>
      <p className="muted">
        Your carrier (Twilio Elastic SIP Trunking, Telnyx, a PBX): calls from a number on a trunk go out through it, and
        its INVITEs from the addresses listed reach your numbers. Passwords are stored encrypted and never shown.
      </p>
      <form onSubmit={add} className="panel" aria-label="Add a SIP trunk">
        <label>
          Name <input name="name" required placeholder="Twilio" />
        </label>
        <label>
          Gateway host <input name="host" required placeholder="acme.pstn.twilio.com" />
        </label>
        <label>
          Port <input name="port" type="number" min={1} max={65535} placeholder="5060" size={6} />
        </label>
        <label>
          Transport{' '}
          <select name="transport" defaultValue="udp">
            <option value="udp">UDP</option>
            <option value="tcp">TCP</option>
          </select>
        </label>
        <label>
          Username <input name="username" autoComplete="off" />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="new-password" />
        </label>
        <label>
          Inbound addresses <input name="inboundCidrs" placeholder="54.172.60.0/30, 198.51.100.7" />
        </label>
        <label>
          Inbound username <input name="inboundUsername" autoComplete="off" />
        </label>
        <label>
          Inbound password <input name="inboundPassword" type="password" autoComplete="new-password" />
        </label>
        <button type="submit">Add trunk</button>
      </form>
      <ErrorNote error={error} />
      {trunks.length === 0 ? <p className="muted">No SIP trunks yet: calls use the simulator.</p> : null}
      <Table columns={['Name', 'Gateway', 'Credentials', 'Inbound from', 'Inbound credentials', '']}>
        {trunks.map((t) => (
          <tr key={t.trunkId} aria-label={`Trunk ${t.name}`}>
            <td>{t.name}</td>
            <td>
              {t.host}:{t.port} <span className="muted">{t.transport.toUpperCase()}</span>
            </td>
            <td>{t.username ? `${t.username} · ${t.hasPassword ? 'password set' : 'no password'}` : '—'}</td>
            <td>{t.inboundCidrs.length ? t.inboundCidrs.join(', ') : '— (no inbound calls)'}</td>
            <td>
              {t.inboundUsername
                ? `${t.inboundUsername} · ${t.hasInboundPassword ? 'password set' : 'no password'}`
                : '—'}
            </td>
            <td>
              <button type="button" onClick={() => remove(t)}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
