import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { ErrorNote, Loading, Pager, inUserWords, Table } from '../parts';
import { api, roleAtLeast, useLatest, type Me } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';
import { CampaignActions } from './campaigns';

type Campaign = Schemas['CampaignRecord'];
const PAGE_SIZE = 50;
const FINISHED = ['completed', 'cancelled'];

/** One campaign: its settings, every recipient's outcome and calls, recipients added from a CSV file. */
export function CampaignDetail({ me, campaignId }: { me: Me; campaignId: string }) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [recipients, setRecipients] = useState<Schemas['RecipientList']>({ total: 0, list: [] });
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [added, setAdded] = useState<Schemas['RecipientsAdded'] | null>(null);
  const member = roleAtLeast(me.role, 'member');
  const latest = useLatest();
  const load = useCallback(() => {
    api<Campaign>('GET', `/voice/campaign/${campaignId}`).then(setCampaign, (e) => setError(e.message));
    latest(
      api<Schemas['RecipientList']>(
        'GET',
        `/voice/campaign/${campaignId}/recipients?page=${page}&pageSize=${PAGE_SIZE}`,
      ),
      setRecipients,
      (e) => setError(e.message),
    );
  }, [campaignId, page, latest]);
  useEffect(load, [load]);
  useLiveEvents(load);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError('');
    setAdded(null);
    // the API takes the file as it is (text/csv): a 422 names each bad row by its line
    try {
      setAdded(
        await api<Schemas['RecipientsAdded']>(
          'POST',
          `/voice/campaign/${campaignId}/recipients`,
          await file.text(),
          'text/csv',
        ),
      );
    } catch (err) {
      // data row i + 1 of the request is line i + 2 of the file (its header is line 1)
      setError(inUserWords((err as Error).message, { recipients: (i) => `line ${i + 2}` }));
    } finally {
      input.value = '';
    }
    load();
  };

  if (!campaign) return error ? <ErrorNote error={error} /> : <Loading />;
  const { schedule, retry } = campaign;
  const callingWindow = schedule.window;
  return (
    <section aria-labelledby="campaign-title">
      <h1 id="campaign-title">Campaign {campaign.name}</h1>
      {member && <CampaignActions campaign={campaign} onDone={load} onError={setError} />}
      <ErrorNote error={error} />
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="campaign-status">{campaign.status}</dd>
        <dt>Recipients</dt>
        <dd>{campaign.total}</dd>
        <dt>Starts</dt>
        <dd>{schedule.startAt ? new Date(schedule.startAt).toLocaleString() : 'at once'}</dd>
        <dt>Calling window</dt>
        <dd>
          {callingWindow
            ? `${callingWindow.days.join(', ')} ${callingWindow.start}–${callingWindow.end} (${schedule.timezone})`
            : 'any time'}
        </dd>
        <dt>Retries</dt>
        <dd>
          {retry && retry.maxAttempts > 1
            ? `up to ${retry.maxAttempts} attempts, ${retry.delaySec} s apart, on ${retry.on.join(', ')}`
            : 'none'}
        </dd>
        <dt>At once</dt>
        <dd>
          {campaign.maxConcurrency} calls{campaign.callsPerMinute ? `, ${campaign.callsPerMinute} a minute` : ''}
        </dd>
      </dl>
      {member && !FINISHED.includes(campaign.status) && (
        <p>
          <label>
            Add recipients from a CSV file (a <code>to</code> column, optionally <code>timezone</code>; other columns
            become metadata) <input type="file" accept=".csv,text/csv" onChange={(e) => void upload(e)} />
          </label>
        </p>
      )}
      {added && (
        <p role="status" className="ok">
          Added {added.added} recipient{added.added === 1 ? '' : 's'}
          {added.duplicates.length ? `; already there: ${added.duplicates.join(', ')}` : ''}.
        </p>
      )}
      <h2>Recipients</h2>
      <Table columns={['Number', 'Outcome', 'Attempts', 'Next attempt', 'Calls']}>
        {recipients.list.map((r) => (
          <tr key={r.recipientId}>
            <td>{r.to}</td>
            <td data-testid="recipient-outcome">{r.outcome}</td>
            <td>{r.attempts}</td>
            <td>{r.nextAttemptAt ? new Date(r.nextAttemptAt).toLocaleString() : '—'}</td>
            <td>
              {r.callIds.map((id) => (
                <a key={id} href={`#/calls/${id}`} className="call-link">
                  {id}
                </a>
              ))}
            </td>
          </tr>
        ))}
      </Table>
      <Pager page={page} pageSize={PAGE_SIZE} total={recipients.total} onPage={setPage} />
    </section>
  );
}
