import { useEffect, useState } from 'react';
import { ErrorNote } from '../parts';
import { api } from '../api';
import type { Schemas } from '../api-types';

type Backlog = Schemas['WorkspaceBacklog'];

/** This workspace's share of the queues (the operators' Bull Board shows every tenant's jobs). */
export function BacklogPage() {
  const [backlog, setBacklog] = useState<Backlog | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api<Backlog>('GET', '/backlog').then(setBacklog, (e) => setError(e.message));
  }, []);
  return (
    <section aria-labelledby="backlog-title">
      <h1 id="backlog-title">Queues</h1>
      <ErrorNote error={error} />
      {backlog ? (
        <dl>
          <dt>Calls waiting to be answered</dt>
          <dd>{backlog.pendingDials}</dd>
          <dt>Webhook deliveries pending</dt>
          <dd>{backlog.pendingDeliveries}</dd>
          <dt>Webhook deliveries failed</dt>
          <dd>{backlog.failedDeliveries}</dd>
        </dl>
      ) : null}
    </section>
  );
}
