import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { as, createWorkspace, expectError, startGateway, type TestWorkspace } from '../support/gateway';

describe('API keys over HTTP (spec 5.2, 5.3)', () => {
  let app: INestApplication;
  let ws: TestWorkspace;

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'keys');
  });
  afterAll(() => app.close());

  it('creation shows the full key once; the list shows a masked preview and the name', async () => {
    const res = await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'CRM integration', role: 'member' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      keyId: expect.stringMatching(/^key_/),
      name: 'CRM integration',
      role: 'member',
      key: expect.stringMatching(/^vk_[A-Za-z0-9_-]{43}$/),
      preview: `vk_…${res.body.key.slice(-4)}`,
      purpose: 'api',
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      // a key made with a key of the CLI's role accounts belongs to the role's service identity
      createdBy: { accountId: expect.stringMatching(/^acct_/), name: 'member account', email: null },
    });
    const list = await as(app, ws.keys.admin).get('/api/core/api-key/list');
    const listed = list.body.list.find((k: { keyId: string }) => k.keyId === res.body.keyId);
    expect(listed).toMatchObject({ name: 'CRM integration', role: 'member', preview: res.body.preview });
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
  });

  it('stores only a hash of the key', async () => {
    const res = await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'hash check', role: 'viewer' });
    const row = await app.get(PrismaService).apiKey.findUniqueOrThrow({ where: { id: res.body.keyId } });
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the new key acts with its role', async () => {
    const res = await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'reader', role: 'viewer' });
    expect((await as(app, res.body.key).get('/api/core/voice/call/list')).status).toBe(200);
    expectError(await as(app, res.body.key).post('/api/core/voice/agent', { name: 'x' }), 403);
  });

  it('revoking answers 204, shows revokedAt, and is harmless to repeat', async () => {
    const { body } = await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'to revoke', role: 'viewer' });
    expect((await as(app, ws.keys.admin).delete(`/api/core/api-key/${body.keyId}`)).status).toBe(204);
    expect((await as(app, ws.keys.admin).delete(`/api/core/api-key/${body.keyId}`)).status).toBe(204);
    const list = await as(app, ws.keys.admin).get('/api/core/api-key/list');
    expect(list.body.list.find((k: { keyId: string }) => k.keyId === body.keyId).revokedAt).toEqual(expect.any(String));
  });

  it("defaults the role to the creator's (issue 12)", async () => {
    const res = await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'no role given' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('admin');
  });

  it.each([
    [{ role: 'viewer' }, 400, /name is required/],
    [{ name: 'x', role: 'superuser' }, 422, /role must be one of/],
    [{ name: '', role: 'viewer' }, 422, /name/],
    [{ name: 7, role: 'viewer' }, 422, /name must be a string/],
  ])('validates %j', async (body, status, message) => {
    expectError(await as(app, ws.keys.admin).post('/api/core/api-key', body), status, message);
  });

  it('404 for an unknown key id', async () => {
    expectError(await as(app, ws.keys.admin).delete('/api/core/api-key/key_unknown'), 404);
  });
});
