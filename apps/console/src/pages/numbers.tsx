import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AssistantSelect, ErrorNote, formFields, Table, useAssistants } from '../parts';
import { api, roleAtLeast, type Me } from '../api';
import type { Schemas } from '../api-types';

type PhoneNumber = Schemas['PhoneNumberRecord'];

/** Empty form fields mean "not given" on create and "clear" (null) on update. */
const given = (form: Record<string, string>) => Object.fromEntries(Object.entries(form).filter(([, v]) => v !== ''));
const orNull = (v: string | undefined) => (v ? v : null);

export function Numbers({ me }: { me: Me }) {
  const [numbers, setNumbers] = useState<PhoneNumber[]>([]);
  const assistants = useAssistants();
  const [secret, setSecret] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [rang, setRang] = useState<string | null>(null);
  const [error, setError] = useState('');
  const admin = roleAtLeast(me.role, 'admin');
  const [trunks, setTrunks] = useState<Schemas['SipTrunkRecord'][]>([]);
  useEffect(() => {
    if (admin)
      api<Schemas['SipTrunkList']>('GET', '/voice/trunk/list?pageSize=100').then(
        (r) => setTrunks(r.list),
        () => setTrunks([]),
      );
  }, [admin]);
  const carrierOf = (trunkId: string | null) =>
    trunkId ? (trunks.find((t) => t.trunkId === trunkId)?.name ?? 'SIP trunk') : 'simulator';
  const load = useCallback(() => {
    api<Schemas['PhoneNumberList']>('GET', '/voice/number/list?pageSize=100').then(
      (r) => setNumbers(r.list),
      (e) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);
  const nameOf = (agentId: string | null) => assistants.find((a) => a.agentId === agentId)?.name ?? agentId ?? '—';
  const act = (work: Promise<unknown>) => work.then(load, (e: Error) => setError(e.message));

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    setError('');
    try {
      const created = await api<Schemas['PhoneNumberCreated']>('POST', '/voice/number', given(formFields(formEl)));
      setSecret(created.assistantRequestSecret);
      formEl.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const save = (n: PhoneNumber) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = formFields(e.currentTarget);
    const body = { label: orNull(f.label), agentId: orNull(f.agentId), assistantRequestUrl: orNull(f.url) };
    await act(api('PATCH', `/voice/number/${n.numberId}`, body).then(() => setEditing(null)));
  };
  const release = (n: PhoneNumber) =>
    confirm(`Release ${n.number}? It stops receiving calls at once.`) &&
    act(api('DELETE', `/voice/number/${n.numberId}`));
  const ring = (n: PhoneNumber) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { from } = formFields(e.currentTarget);
    setError('');
    await api<Schemas['SimulatedInboundCall']>('POST', '/voice/simulator/inbound', { to: n.number, from }).then(
      (r) => setRang(r.callId),
      (err: Error) => setError(err.message),
    );
  };

  return (
    <section aria-labelledby="numbers-title">
      <h1 id="numbers-title">Phone numbers</h1>
      {admin ? (
        <form onSubmit={add} className="panel" aria-label="Add a number">
          <label>
            Import number <input name="number" placeholder="leave empty to provision" />
          </label>
          <label>
            Country <input name="country" placeholder="US" size={3} />
          </label>
          <label>
            Area code <input name="areaCode" placeholder="415" size={4} />
          </label>
          <label>
            Label <input name="label" placeholder="Support line" />
          </label>
          <AssistantSelect assistants={assistants} none="none" name="agentId" defaultValue="" />
          {trunks.length ? (
            <label>
              Carried by{' '}
              <select name="trunkId" defaultValue="">
                <option value="">the simulator</option>
                {trunks.map((t) => (
                  <option key={t.trunkId} value={t.trunkId}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            Assistant request URL <input name="assistantRequestUrl" type="url" placeholder="https://…" />
          </label>
          <button type="submit">Add number</button>
        </form>
      ) : null}
      {secret ? (
        <div className="panel" role="status">
          <p>
            <strong>Assistant-request signing secret, shown only once:</strong> <code>{secret}</code>
          </p>
        </div>
      ) : null}
      {rang ? (
        <p role="status">
          Ringing: <a href={`#/calls/${rang}`}>{rang}</a>
        </p>
      ) : null}
      <ErrorNote error={error} />
      {numbers.length === 0 ? <p className="muted">No numbers yet.</p> : null}
      <Table columns={['Number', 'Label', 'Assistant', 'Assistant request URL', 'Default', '']}>
        {numbers.map((n) => (
          <tr key={n.numberId} aria-label={`Number ${n.number}`}>
            <td>
              {n.number} <span className="muted">{n.country}</span>{' '}
              <span className="muted">via {carrierOf(n.trunkId)}</span>
            </td>
            <td>{n.label ?? '—'}</td>
            <td>{nameOf(n.agentId)}</td>
            <td>{n.assistantRequestUrl ?? '—'}</td>
            <td>{n.default ? 'default caller ID' : ''}</td>
            <td>
              {admin ? (
                <>
                  <button type="button" onClick={() => setEditing(editing === n.numberId ? null : n.numberId)}>
                    Edit
                  </button>
                  {n.default ? null : (
                    <button
                      type="button"
                      onClick={() => act(api('PATCH', `/voice/number/${n.numberId}`, { default: true }))}
                    >
                      Make default
                    </button>
                  )}
                  <button type="button" onClick={() => release(n)} aria-label={`Release ${n.number}`}>
                    Release
                  </button>
                </>
              ) : null}
              {editing === n.numberId ? (
                <form onSubmit={save(n)} aria-label={`Edit ${n.number}`}>
                  <label>
                    Label <input name="label" defaultValue={n.label ?? ''} />
                  </label>
                  <AssistantSelect assistants={assistants} none="none" name="agentId" defaultValue={n.agentId ?? ''} />
                  <label>
                    Assistant request URL <input name="url" type="url" defaultValue={n.assistantRequestUrl ?? ''} />
                  </label>
                  <button type="submit">Save</button>
                </form>
              ) : null}
              {roleAtLeast(me.role, 'member') ? (
                <form onSubmit={ring(n)} aria-label={`Ring ${n.number}`}>
                  <label>
                    Test caller <input name="from" defaultValue="+14155559876" size={13} />
                  </label>
                  <button type="submit">Ring (simulator)</button>
                </form>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
