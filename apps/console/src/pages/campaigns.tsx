import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AssistantSelect, ErrorNote, formFields, Table, useAssistants } from '../parts';
import { api, roleAtLeast, type Me } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';

type Campaign = Schemas['CampaignRecord'];
const SHOWN = ['pending', 'calling', 'completed', 'voicemail', 'no-answer', 'busy', 'failed', 'dnc', 'cancelled'];
const ACTIONS: Record<string, string[]> = {
  scheduled: ['pause', 'cancel'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
};

/** Campaigns: their progress by outcome (refreshed by the live feed), and for members create and control. */
export function Campaigns({ me }: { me: Me }) {
  const [campaigns, setCampaigns] = useState<Campaign[]>([]);
  const assistants = useAssistants();
  const [error, setError] = useState('');
  const member = roleAtLeast(me.role, 'member');
  const load = useCallback(() => {
    api<Schemas['CampaignList']>('GET', '/voice/campaign/list?pageSize=50').then(
      (r) => setCampaigns(r.list),
      (e) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);
  useLiveEvents(load);

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = formFields(e.currentTarget);
    const recipients = f.numbers
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((to) => ({ to }));
    setError('');
    try {
      await api('POST', '/voice/campaign', {
        name: f.name,
        agentId: f.agentId,
        recipients,
        maxConcurrency: Number(f.maxConcurrency),
      });
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const act = (c: Campaign, action: string) =>
    api('POST', `/voice/campaign/${c.campaignId}/${action}`).then(load, (e: Error) => setError(e.message));

  return (
    <section aria-labelledby="campaigns-title">
      <h1 id="campaigns-title">Campaigns</h1>
      {member ? (
        <form onSubmit={create} className="panel" aria-label="Create a campaign">
          <label>
            Name <input name="name" required placeholder="November reminders" />
          </label>
          <AssistantSelect assistants={assistants} name="agentId" required />
          <label>
            Max concurrency <input name="maxConcurrency" type="number" min={1} max={1000} defaultValue={5} />
          </label>
          <label>
            Numbers (one per line) <textarea name="numbers" required rows={4} placeholder="+14155552671" />
          </label>
          <button type="submit">Create campaign</button>
        </form>
      ) : null}
      <ErrorNote error={error} />
      {campaigns.length === 0 ? <p className="muted">No campaigns yet.</p> : null}
      <Table columns={['Campaign', 'Status', ...SHOWN, '']}>
        {campaigns.map((c) => (
          <tr key={c.campaignId} aria-label={`Campaign ${c.name}`}>
            <td>
              {c.name} <span className="muted">{c.total} recipients</span>
            </td>
            <td data-testid="campaign-status">{c.status}</td>
            {SHOWN.map((o) => (
              <td key={o}>{c.counts[o] ?? 0}</td>
            ))}
            <td>
              {member
                ? (ACTIONS[c.status] ?? []).map((a) => (
                    <button key={a} type="button" onClick={() => act(c, a)} aria-label={`${a} ${c.name}`}>
                      {a}
                    </button>
                  ))
                : null}
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
