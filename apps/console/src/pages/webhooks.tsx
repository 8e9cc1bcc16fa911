import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, Table } from '../parts';
import { api, useLatest, WEBHOOK_EVENTS } from '../api';
import { useLiveEvents } from '../live';
import type { Schemas } from '../api-types';

type Webhook = Schemas['WebhookRecord'];
type Delivery = Schemas['DeliveryRecord'];
type Attempt = Schemas['DeliveryAttemptRecord'];
type TestResult = Schemas['TestDeliveryResult'];

/** What a test send did, in words: the endpoint's answer, or why there was none. */
function testOutcome(r: TestResult): string {
  if (r.success) return `Test delivered: the endpoint answered ${r.statusCode} in ${r.durationMs} ms.`;
  if (r.statusCode !== null) return `Test failed: the endpoint answered ${r.statusCode} in ${r.durationMs} ms.`;
  return `Test failed: no answer (${r.errorClass ?? 'unreachable'}) after ${r.durationMs} ms.`;
}

/** Webhooks are settings: this page is for admins and owners (the API refuses others anyway). */
export function Webhooks() {
  const [hooks, setHooks] = useState<Webhook[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [tests, setTests] = useState<Record<string, TestResult>>({});
  const sendTest = (webhookId: string) =>
    api<TestResult>('POST', `/webhook/${webhookId}/test`).then(
      (r) => setTests((t) => ({ ...t, [webhookId]: r })),
      (e: Error) => setError(e.message),
    );
  const load = useCallback(() => {
    api<Schemas['WebhookList']>('GET', '/webhook/list?pageSize=100').then(
      (r) => setHooks(r.list),
      (e) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);
  const run = (p: Promise<unknown>) => p.then(load, (e: Error) => setError(e.message));
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const data = new FormData(formEl);
    setError('');
    try {
      const created = await api<Schemas['WebhookCreated']>('POST', '/webhook', {
        url: data.get('url'),
        events: data.getAll('events'),
      });
      setSecret(created.secret);
      formEl.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <form onSubmit={create} className="panel" aria-label="Register a webhook">
        <label>
          Endpoint URL <input name="url" type="url" required placeholder="https://example.com/hooks/voice" />
        </label>
        <fieldset>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="inline">
              <input type="checkbox" name="events" value={ev} defaultChecked /> {ev}
            </label>
          ))}
        </fieldset>
        <button type="submit">Register webhook</button>
      </form>
      {secret ? (
        <div className="panel" role="status">
          <p>
            <strong>Signing secret, shown only once:</strong> <code data-testid="webhook-secret">{secret}</code>{' '}
            <button type="button" onClick={() => navigator.clipboard?.writeText(secret)}>
              Copy
            </button>
          </p>
        </div>
      ) : null}
      <ErrorNote error={error} />
      {hooks.length === 0 ? <p className="muted">No webhooks yet: register an endpoint above.</p> : null}
      {hooks.map((h) => (
        <article key={h.webhookId} className="panel" aria-label={`Webhook ${h.url}`}>
          <h2>{h.url}</h2>
          <p className="muted">
            {h.enabled ? 'enabled' : `disabled${h.disabledReason ? ` (${h.disabledReason})` : ''}`} ·{' '}
            {h.events.join(', ')}
          </p>
          <div className="toolbar">
            <button type="button" onClick={() => run(api('PATCH', `/webhook/${h.webhookId}`, { enabled: !h.enabled }))}>
              {h.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" onClick={() => sendTest(h.webhookId)}>
              Send test
            </button>
            <button type="button" onClick={() => setOpen(open === h.webhookId ? null : h.webhookId)}>
              {open === h.webhookId ? 'Hide deliveries' : 'Deliveries'}
            </button>
            <button
              type="button"
              onClick={() => confirm(`Delete the webhook ${h.url}?`) && run(api('DELETE', `/webhook/${h.webhookId}`))}
            >
              Delete
            </button>
          </div>
          {tests[h.webhookId] && (
            <p role="status" data-testid="test-result" className={tests[h.webhookId].success ? 'ok' : 'bad'}>
              {testOutcome(tests[h.webhookId])}
            </p>
          )}
          <details>
            <summary>Edit URL and events</summary>
            <form
              aria-label={`Edit ${h.url}`}
              onSubmit={(e) => {
                e.preventDefault();
                const data = new FormData(e.currentTarget);
                run(api('PATCH', `/webhook/${h.webhookId}`, { url: data.get('url'), events: data.getAll('events') }));
              }}
            >
              <label>
                Endpoint URL <input name="url" type="url" required defaultValue={h.url} />
              </label>
              <fieldset>
                <legend>Events</legend>
                {WEBHOOK_EVENTS.map((ev) => (
                  <label key={ev} className="inline">
                    <input type="checkbox" name="events" value={ev} defaultChecked={h.events.includes(ev)} /> {ev}
                  </label>
                ))}
              </fieldset>
              <button type="submit">Save</button>
            </form>
          </details>
          {open === h.webhookId ? <Deliveries webhookId={h.webhookId} /> : null}
        </article>
      ))}
    </section>
  );
}

/** How often an open delivery log asks again: attempts and retries change it without a call event. */
const DELIVERIES_REFRESH_MS = 3000;

function Deliveries({ webhookId }: { webhookId: string }) {
  const [list, setList] = useState<Delivery[]>([]);
  const [attempts, setAttempts] = useState<Record<string, Attempt[]>>({});
  const [note, setNote] = useState('');
  const latest = useLatest();
  const load = useCallback(() => {
    const asked = api<Schemas['DeliveryList']>('GET', `/webhook/${webhookId}/deliveries?pageSize=50`);
    latest(
      asked,
      (r) => setList(r.list),
      () => undefined,
    );
  }, [webhookId, latest]);
  useEffect(load, [load]);
  // live: a call's events make deliveries, and the log asks again while it is open and seen
  useLiveEvents(load);
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && load(), DELIVERIES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const show = useCallback(
    async (d: Delivery) => {
      const detail = await api<Schemas['DeliveryDetail']>('GET', `/webhook/${webhookId}/deliveries/${d.deliveryId}`);
      setAttempts((shown) => ({ ...shown, [d.deliveryId]: detail.attempts }));
    },
    [webhookId],
  );
  // an open row's attempts follow the log: one recorded after they were fetched shows at the next refresh
  useEffect(() => {
    for (const d of list) if ((attempts[d.deliveryId]?.length ?? d.attemptCount) < d.attemptCount) void show(d);
  }, [list, attempts, show]);
  const retry = async (d: Delivery) => {
    await api('POST', `/webhook/${webhookId}/deliveries/${d.deliveryId}/retry`).then(
      () => setNote(`Delivery ${d.deliveryId} is being sent again.`),
      (e: Error) => setNote(e.message),
    );
    load();
  };
  const [since, setSince] = useState('');
  const recover = async () => {
    const from = since ? new Date(since) : new Date(Date.now() - 24 * 3600_000);
    await api<Schemas['RecoverResult']>('POST', `/webhook/${webhookId}/recover`, { since: from.toISOString() }).then(
      (r) => setNote(`${r.recovered} failed deliveries since ${from.toLocaleString()} queued again.`),
      (e: Error) => setNote(e.message),
    );
  };
  return (
    <div>
      <div className="toolbar">
        <button type="button" onClick={load}>
          Refresh
        </button>
        <label>
          Failed since <input type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
        </label>
        <button type="button" onClick={recover}>
          Recover failed
        </button>
      </div>
      {note ? <p role="status">{note}</p> : null}
      {list.length === 0 ? <p className="muted">No deliveries yet.</p> : null}
      <Table columns={['Delivery', 'Event', 'Status', 'Attempts', 'Created', '']}>
        {list.map((d) => (
          <tr key={d.deliveryId} data-testid="delivery">
            <td>
              {d.deliveryId}
              {attempts[d.deliveryId] ? (
                <ol data-testid="attempts">
                  {attempts[d.deliveryId].map((a) => (
                    <li key={a.number}>
                      #{a.number}: {a.statusCode ?? a.errorClass} in {a.durationMs} ms
                      {a.responseBody ? <code>{a.responseBody.slice(0, 200)}</code> : null}
                    </li>
                  ))}
                </ol>
              ) : null}
            </td>
            <td>{d.event}</td>
            <td>{d.status}</td>
            <td>{d.attemptCount}</td>
            <td>{new Date(d.createdAt).toLocaleString()}</td>
            <td>
              <button type="button" onClick={() => show(d)} aria-label={`Attempts of ${d.deliveryId}`}>
                Attempts
              </button>{' '}
              <button type="button" onClick={() => retry(d)} aria-label={`Retry ${d.deliveryId}`}>
                Retry
              </button>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
