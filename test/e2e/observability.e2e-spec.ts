import type { INestApplication } from '@nestjs/common';
import { useFastDelivery, useFastSimulator } from '../support/engine';
import { createWorkspace, startGateway } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { spawnApp, type AppProcess } from '../support/processes';
import { Receiver } from '../support/receiver';

/** Metrics and logs of the three apps as processes, after one scripted call with a webhook. */
describe('metrics and logs', () => {
  let cleanup: () => Promise<void>;
  let fixtures: INestApplication;
  let receiver: Receiver;
  let gateway: AppProcess, engine: AppProcess, dispatcher: AppProcess;
  let apiKey: string;
  let secret: string;
  let requestId: string;
  let callId: string;

  beforeAll(async () => {
    cleanup = await isolateSuite('observability');
    useFastSimulator();
    useFastDelivery();
    receiver = await Receiver.http();
    fixtures = await startGateway();
    const env = { LOG_LEVEL: 'info', METRICS_TOKEN: 'scrape-token' };
    [gateway, engine, dispatcher] = [
      await spawnApp('api-gateway', env),
      await spawnApp('call-engine', env),
      await spawnApp('webhook-dispatcher', env),
    ];

    const ws = await createWorkspace(fixtures, 'observability');
    apiKey = ws.keys.owner;
    const api = (path: string, body?: object) =>
      fetch(`http://127.0.0.1:${gateway.port}/api/core${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const agent = (await (
      await api('/voice/agent', { name: 'Obs', script: [{ hear: 'Hi' }, { hangup: 'customer' }] })
    ).json()) as { agentId: string };
    secret = (
      (await (await api('/webhook', { url: receiver.url, events: ['call.started', 'call.completed'] })).json()) as {
        secret: string;
      }
    ).secret;
    const started = await api('/voice/agent/call', { agentId: agent.agentId, to: '+14155552671' });
    requestId = started.headers.get('x-request-id')!;
    callId = ((await started.json()) as { callId: string }).callId;
    await waitFor('both deliveries', async () => receiver.forCalls([callId]).length === 2, 20000);
  });
  afterAll(async () => {
    await Promise.all([gateway, engine, dispatcher].map((a) => a?.kill()));
    await fixtures.close();
    await receiver.close();
    await cleanup();
  });

  const scrape = async (app: AppProcess) =>
    (await fetch(`http://127.0.0.1:${app.port}/metrics`, { headers: { authorization: 'Bearer scrape-token' } })).text();
  const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(name) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
    return line ? Number(line.split(' ').pop()) : undefined;
  };

  it(
    'counts HTTP requests by route and status, call transitions, queue jobs, deliveries, attempt durations ' +
      'and event-to-delivery lag',
    async () => {
      const g = await scrape(gateway);
      expect(
        sample(g, 'http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/core/voice/agent/call',
          status_code: '201',
        }),
      ).toBe(1);
      expect(sample(g, 'bullmq_jobs', { queue: 'webhook-deliveries', state: 'failed' })).toBe(0);
      const e = await scrape(engine);
      expect(sample(e, 'call_transitions_total', { status: 'in-progress' })).toBeGreaterThanOrEqual(1);
      await waitFor(
        'the completed transition',
        async () =>
          sample(await scrape(engine), 'call_transitions_total', {
            status: 'completed',
            ended_reason: 'customer-ended-call',
          }) === 1,
      );
      expect(sample(e, 'bullmq_jobs', { queue: 'call-engine', state: 'waiting' })).toBeGreaterThanOrEqual(0);
      const d = await scrape(dispatcher);
      expect(sample(d, 'webhook_deliveries_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(2);
      expect(sample(d, 'webhook_attempt_duration_seconds_count', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(2);
      expect(sample(d, 'webhook_event_to_delivery_seconds_count')).toBeGreaterThanOrEqual(2);
      expect(sample(d, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    },
  );

  it('the request id of the start-call request follows the call into the engine and dispatcher logs', () => {
    const lines = (app: AppProcess) =>
      app
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines(gateway).some((l) => l.req?.id === requestId || l.reqId === requestId)).toBe(true);
    const engineLines = lines(engine).filter((l) => l.requestId === requestId);
    expect(engineLines.map((l) => l.event)).toEqual(expect.arrayContaining(['call.connected', 'call.completed']));
    expect(engineLines.every((l) => l.callId === callId)).toBe(true);
    const dispatcherLines = lines(dispatcher).filter((l) => l.requestId === requestId);
    expect(dispatcherLines.some((l) => l.outcome === 'succeeded' && l.callId === callId)).toBe(true);
  });

  it('no log line of any app holds an API key, a webhook secret or an Authorization header', () => {
    for (const app of [gateway, engine, dispatcher]) {
      const out = app.output();
      expect(out.length).toBeGreaterThan(0);
      expect(out).not.toContain(apiKey);
      expect(out).not.toContain(secret);
      expect(out).not.toMatch(/vk_[A-Za-z0-9_-]{43}/);
      expect(out).not.toMatch(/whsec_/);
      expect(out).not.toMatch(/Bearer /);
    }
  });
});
