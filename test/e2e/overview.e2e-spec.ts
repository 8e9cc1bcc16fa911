import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { overviewFromRows, seedCallHistory } from '../support/call-history';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite } from '../support/isolation';

/** Issue 28: GET /api/core/voice/overview, the figures behind the console's overview page. */
describe('overview', () => {
  let cleanup: () => Promise<void>;
  let app: INestApplication;
  let ws: TestWorkspace;
  let other: TestWorkspace;

  /** A workspace with 20 days of seeded history. */
  async function seeded(label: string): Promise<TestWorkspace> {
    const w = await createWorkspace(app, label);
    const { agentId } = await createAssistant(app, w.keys.admin);
    const hook = await as(app, w.keys.admin).post('/api/core/webhook', {
      url: 'https://example.com/hooks',
      events: ['call.completed'],
    });
    const ids = { workspaceId: w.workspaceId, assistantId: agentId, webhookId: hook.body.webhookId };
    await seedCallHistory(app.get(PrismaService), ids);
    return w;
  }

  beforeAll(async () => {
    cleanup = await isolateSuite('overview');
    app = await startGateway();
    ws = await seeded('overview');
    other = await seeded('overview-other');
  });

  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it.each([7, 14, 30])('answers the figures worked out from the rows, over %i days', async (days) => {
    const res = await as(app, ws.keys.viewer).get(`/api/core/voice/overview?days=${days}`);
    expect(res.status).toBe(200);
    const expected = await overviewFromRows(app.get(PrismaService), ws.workspaceId, days);
    expect(res.body).toMatchObject({
      calls: expected.calls,
      durationSec: expected.durationSec,
      voiceToVoiceMs: expected.voiceToVoiceMs,
      deliveries: expected.deliveries,
      live: { calls: expected.liveCalls, limit: 100_000 },
    });
    expect(res.body.perDay.map((d: { date: string; total: number }) => ({ date: d.date, total: d.total }))).toEqual(
      expected.perDay,
    );
    // every status is seeded; of 20 days of history the shorter windows leave the start out
    expect(Object.values(expected.calls.byStatus).every((n) => n > 0)).toBe(true);
    if (days < 20) expect(expected.calls.total).toBeLessThan(15);
    else expect(expected.calls.total).toBe(15);
    expect(new Date(res.body.to).getTime() - new Date(res.body.from).getTime()).toBe(days * 86_400_000);
  });

  it('defaults to 14 days and counts only the workspace’s own calls', async () => {
    const res = await as(app, other.keys.viewer).get('/api/core/voice/overview');
    expect(res.status).toBe(200);
    expect(res.body.perDay).toHaveLength(14);
    const expected = await overviewFromRows(app.get(PrismaService), other.workspaceId, 14);
    expect(res.body.calls).toEqual(expected.calls);
  });

  it('refuses a window it does not cover (a bad query parameter: 400), and anyone without a key', async () => {
    for (const days of ['0', '91', 'week', '1.5']) {
      expectError(await as(app, ws.keys.viewer).get(`/api/core/voice/overview?days=${days}`), 400, /days/);
    }
    expectError(await as(app, 'vk_not_a_key').get('/api/core/voice/overview'), 401);
  });
});
