import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AssistantSelect, ErrorNote, formFields, inUserWords, Table, useAssistants } from '../parts';
import { api, roleAtLeast, type Me } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';

type Campaign = Schemas['CampaignRecord'];
const SHOWN = ['pending', 'calling', 'completed', 'voicemail', 'no-answer', 'busy', 'failed', 'dnc', 'cancelled'];
/** A calling window's days (typed by the API's own values). */
const WEEKDAYS: NonNullable<Campaign['schedule']['window']>['days'] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
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
    const form = e.currentTarget;
    const recipients = f.numbers
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((to) => ({ to }));
    const days = new FormData(form).getAll('days').map(String);
    // A time field cannot hold 24:00: "until 00:00" means until the end of the day.
    const end = f.windowEnd === '00:00' ? '24:00' : f.windowEnd;
    const callingWindow = f.windowStart && end ? { days, start: f.windowStart, end } : undefined;
    const attempts = Number(f.maxAttempts);
    setError('');
    try {
      await api('POST', '/voice/campaign', {
        name: f.name,
        agentId: f.agentId,
        recipients,
        maxConcurrency: Number(f.maxConcurrency),
        schedule: {
          ...(f.startAt ? { startAt: new Date(f.startAt).toISOString() } : {}),
          ...(f.timezone ? { timezone: f.timezone } : {}),
          ...(callingWindow ? { window: callingWindow } : {}),
        },
        ...(attempts > 1
          ? { retry: { maxAttempts: attempts, delaySec: Number(f.delaySec), on: ['no-answer', 'busy', 'voicemail'] } }
          : {}),
      });
      form.reset();
      load();
    } catch (err) {
      setError(inUserWords((err as Error).message, { recipients: (i) => `number ${i + 1}` }));
    }
  };

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
          <fieldset>
            <legend>Schedule</legend>
            <label>
              Start at <input name="startAt" type="datetime-local" />
            </label>
            <label>
              Time zone <input name="timezone" placeholder="America/New_York" />
            </label>
            <label>
              Calls from <input name="windowStart" type="time" />
            </label>
            <label>
              until <input name="windowEnd" type="time" />
            </label>
            {WEEKDAYS.map((d) => (
              <label key={d} className="inline">
                <input type="checkbox" name="days" value={d} defaultChecked={d !== 'sat' && d !== 'sun'} /> {d}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Retries (no answer, busy, voicemail)</legend>
            <label>
              Attempts <input name="maxAttempts" type="number" min={1} max={10} defaultValue={1} />
            </label>
            <label>
              Seconds apart <input name="delaySec" type="number" min={0} defaultValue={3600} />
            </label>
          </fieldset>
          <button type="submit">Create campaign</button>
        </form>
      ) : null}
      <ErrorNote error={error} />
      {campaigns.length === 0 ? <p className="muted">No campaigns yet.</p> : null}
      <Table columns={['Campaign', 'Status', ...SHOWN, '']}>
        {campaigns.map((c) => (
          <tr key={c.campaignId} aria-label={`Campaign ${c.name}`}>
            <td>
              <a href={`#/campaigns/${c.campaignId}`}>{c.name}</a> <span className="muted">{c.total} recipients</span>
            </td>
            <td data-testid="campaign-status">{c.status}</td>
            {SHOWN.map((o) => (
              <td key={o}>{c.counts[o] ?? 0}</td>
            ))}
            <td>{member ? <CampaignActions campaign={c} onDone={load} onError={setError} /> : null}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

/** Pause, resume or cancel, as the campaign's status allows; cancelling asks first (it cannot be undone). */
export function CampaignActions(p: { campaign: Campaign; onDone: () => void; onError: (message: string) => void }) {
  const { campaign: c } = p;
  const act = (action: string) => {
    if (action === 'cancel' && !confirm(`Cancel the campaign ${c.name}? Recipients not called yet are not called.`))
      return;
    api('POST', `/voice/campaign/${c.campaignId}/${action}`).then(p.onDone, (e: Error) => p.onError(e.message));
  };
  return (
    <>
      {(ACTIONS[c.status] ?? []).map((a) => (
        <button key={a} type="button" onClick={() => act(a)} aria-label={`${a} ${c.name}`}>
          {a}
        </button>
      ))}
    </>
  );
}
