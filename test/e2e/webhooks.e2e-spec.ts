import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { deliveryIdFor, newId, SecretBox } from '@app/platform';
import { WebhookDeliveriesRepository } from '@app/webhooks';
import { as, createWorkspace, expectError, startGateway, type TestWorkspace } from '../support/gateway';

const BASE = '/api/core/webhook';

describe('webhooks registration (spec 4.6, 2.3)', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'hooks');
    admin = as(app, ws.keys.admin);
  });
  afterAll(() => app.close());

  it('201 with the record and its signing secret, shown this once', async () => {
    const res = await admin.post(BASE, {
      url: 'https://example.com/hooks/voice',
      events: ['call.completed', 'call.failed', 'call.completed'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      webhookId: expect.stringMatching(/^wh_/),
      url: 'https://example.com/hooks/voice',
      events: ['call.completed', 'call.failed'],
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const read = await admin.get(`${BASE}/${res.body.webhookId}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(JSON.stringify(read.body)).not.toContain(res.body.secret);
  });

  it('keeps the secret and the registering key encrypted at rest', async () => {
    const res = await admin.post(BASE, { url: 'https://example.com/h2', events: ['call.started'] });
    const row = await app.get(PrismaService).webhook.findUniqueOrThrow({ where: { id: res.body.webhookId } });
    expect(JSON.stringify(row)).not.toContain(res.body.secret);
    expect(JSON.stringify(row)).not.toContain(ws.keys.admin);
    const box = app.get(SecretBox);
    expect(box.open(row.secretEnc)).toBe(res.body.secret);
    expect(box.open(row.apiKeyEnc)).toBe(ws.keys.admin);
    expect(row.apiKeyId).toBe(ws.keyIds.admin);
  });

  it.each([
    [{ events: ['call.started'] }, 400, /url is required/],
    [{ url: 'https://example.com' }, 400, /events is required/],
    [{ url: 'http://example.com/h', events: ['call.started'] }, 422, /https/],
    [{ url: 'not a url', events: ['call.started'] }, 422, /absolute URL/],
    [{ url: 'https://example.com', events: [] }, 422, /non-empty list/],
    [
      { url: 'https://example.com', events: ['call.exploded'] },
      422,
      /events must be a non-empty list of: call.started/,
    ],
    [{ url: 'https://example.com', events: 'call.started' }, 422, /events/],
    [{ url: 'https://127.0.0.1/h', events: ['call.started'] }, 422, /private/],
    [{ url: 'https://10.0.0.1/h', events: ['call.started'] }, 422, /private/],
    [{ url: 'https://169.254.169.254/latest', events: ['call.started'] }, 422, /private/],
    [{ url: 'https://[::ffff:127.0.0.1]/h', events: ['call.started'] }, 422, /private/],
    [{ url: 'https://localhost/h', events: ['call.started'] }, 422, /private/],
  ])('validates %j', async (body, status, message) => {
    expectError(await admin.post(BASE, body), status, message);
  });

  it('lists, updates and removes', async () => {
    const mine = await createWorkspace(app, 'hooks-crud');
    const a = as(app, mine.keys.admin);
    const { body: hook } = await a.post(BASE, { url: 'https://example.com/a', events: ['call.started'] });
    const list = await a.get(`${BASE}/list`);
    expect(list.body).toEqual({ total: 1, list: [expect.objectContaining({ webhookId: hook.webhookId })] });

    const disabled = await a.patch(`${BASE}/${hook.webhookId}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: 'disabled by API' });
    const updated = await as(app, mine.keys.owner).patch(`${BASE}/${hook.webhookId}`, {
      url: 'https://example.com/b',
      events: ['transcript.ready'],
      enabled: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      url: 'https://example.com/b',
      events: ['transcript.ready'],
      enabled: true,
      disabledReason: null,
    });
    // the key that last updated it is the one deliveries will carry
    const row = await app.get(PrismaService).webhook.findUniqueOrThrow({ where: { id: hook.webhookId } });
    expect(app.get(SecretBox).open(row.apiKeyEnc)).toBe(mine.keys.owner);

    expectError(await a.patch(`${BASE}/${hook.webhookId}`, { url: 'http://example.com' }), 422, /https/);
    expectError(await a.patch(`${BASE}/${hook.webhookId}`, { events: [] }), 422, /events/);
    expectError(await a.patch(`${BASE}/${hook.webhookId}`, { enabled: 'yes' }), 422, /enabled must be true or false/);

    expect((await a.delete(`${BASE}/${hook.webhookId}`)).status).toBe(204);
    expectError(await a.get(`${BASE}/${hook.webhookId}`), 404);
    expect((await a.get(`${BASE}/list`)).body).toEqual({ total: 0, list: [] });
  });

  it("the dispatcher's recovery finds quiet pending deliveries of enabled webhooks only", async () => {
    const mine = await createWorkspace(app, 'stale-deliveries');
    const a = as(app, mine.keys.admin);
    const hook = async () =>
      (await a.post(BASE, { url: 'https://example.com/stale', events: ['call.completed'] })).body.webhookId as string;
    const [kept, disabled, deleted] = [await hook(), await hook(), await hook()];
    expect((await a.patch(`${BASE}/${disabled}`, { enabled: false })).status).toBe(200);
    expect((await a.delete(`${BASE}/${deleted}`)).status).toBe(204);

    const prisma = app.get(PrismaService);
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    const pending = async (webhookId: string, updatedAt: Date, nextAttemptAt: Date | null = null) => {
      const eventId = newId('event');
      const id = deliveryIdFor(eventId, webhookId);
      await prisma.webhookDelivery.create({
        data: { id, workspaceId: mine.workspaceId, webhookId, eventId, event: 'call.completed', attemptLimit: 3 },
      });
      // set after the insert: Prisma stamps updatedAt on every write it makes
      await prisma.webhookDelivery.update({ where: { id }, data: { updatedAt, nextAttemptAt } });
      return id;
    };
    const quiet = await pending(kept, minutesAgo(10));
    const retryDue = await pending(kept, minutesAgo(10), minutesAgo(5));
    await pending(kept, minutesAgo(10), minutesAgo(-5)); // waiting for its backoff
    await pending(kept, new Date(now)); // touched just now: its job is working on it
    await pending(disabled, minutesAgo(10));
    await pending(deleted, minutesAgo(10));

    const found = await app.get(WebhookDeliveriesRepository).findStalePending(minutesAgo(1), 500);
    const ours = found.filter((d) => [kept, disabled, deleted].includes(d.webhookId));
    expect(ours.map((d) => d.id).sort()).toEqual([quiet, retryDue].sort());
  });
});
