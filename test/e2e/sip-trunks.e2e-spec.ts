import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { SecretBox } from '@app/platform';
import { as, createWorkspace, expectError, startGateway, type TestWorkspace } from '../support/gateway';

/** Issue 25, first step: SIP trunks as a workspace's resource (API, secrets at rest, numbers on a trunk, audit). */
describe('SIP trunks', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let other: TestWorkspace;
  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'trunks');
    other = await createWorkspace(app, 'trunks-other');
  });
  afterAll(() => app.close());

  const admin = () => as(app, ws.keys.admin);
  const twilio = {
    name: 'Twilio Elastic SIP Trunking',
    host: 'example.pstn.twilio.com',
    username: 'acme',
    password: 'carrier-secret-9f2',
    inboundCidrs: ['54.172.60.0/30', '2001:db8::/32', '198.51.100.7'],
  };

  it('adds a trunk whose passwords are stored encrypted and never answered', async () => {
    const created = await admin().post('/api/core/voice/trunk', twilio);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      trunkId: expect.stringMatching(/^trk_/),
      name: twilio.name,
      host: twilio.host,
      port: 5060,
      transport: 'udp',
      username: 'acme',
      hasPassword: true,
      inboundCidrs: twilio.inboundCidrs,
      inboundUsername: null,
      hasInboundPassword: false,
    });
    expect(JSON.stringify(created.body)).not.toContain('carrier-secret');
    const row = await app.get(PrismaService).sipTrunk.findUniqueOrThrow({ where: { id: created.body.trunkId } });
    expect(row.passwordEnc).toMatch(/^v1\./);
    expect(app.get(SecretBox).open(row.passwordEnc!)).toBe(twilio.password);
    const read = await admin().get(`/api/core/voice/trunk/${created.body.trunkId}`);
    expect(read.body).toEqual(created.body);
    const list = await admin().get('/api/core/voice/trunk/list');
    expect(list.body.list.map((t: { trunkId: string }) => t.trunkId)).toContain(created.body.trunkId);
  });

  it('changes settings, clears a credential with null, and audits every change without secrets', async () => {
    const { trunkId } = (await admin().post('/api/core/voice/trunk', twilio)).body;
    const changed = await admin().patch(`/api/core/voice/trunk/${trunkId}`, {
      transport: 'tcp',
      port: 5080,
      password: null,
      inboundUsername: 'carrier',
      inboundPassword: 'inbound-secret',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ transport: 'tcp', port: 5080, hasPassword: false, hasInboundPassword: true });
    const audit = await as(app, ws.keys.owner).get('/api/core/audit/list?action=trunk.updated');
    const entry = audit.body.list.find((e: { target: { id: string } }) => e.target.id === trunkId);
    expect(entry.details).toEqual({
      changed: ['port', 'transport', 'inboundUsername'],
      credentials: ['password', 'inboundPassword'],
    });
    expect(JSON.stringify(audit.body)).not.toContain('secret');
  });

  it('refuses bad settings with 422, TLS included, and changes nothing', async () => {
    const before = await app.get(PrismaService).sipTrunk.count({ where: { workspaceId: ws.workspaceId } });
    for (const bad of [
      { ...twilio, host: 'sip://example.com' },
      { ...twilio, host: 'example.com:5060' },
      { ...twilio, transport: 'tls' },
      { ...twilio, port: 70000 },
      { ...twilio, inboundCidrs: ['10.0.0.0/33'] },
      { ...twilio, inboundCidrs: ['not-an-address'] },
      { ...twilio, username: 'a b' },
      { ...twilio, name: 'x\u001b[2K' },
    ]) {
      expectError(await admin().post('/api/core/voice/trunk', bad), 422);
    }
    expectError(await admin().post('/api/core/voice/trunk', { host: 'example.com' }), 400);
    expect(await app.get(PrismaService).sipTrunk.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
  });

  it("is admin-only and per workspace: another workspace's trunk answers 404", async () => {
    const { trunkId } = (await admin().post('/api/core/voice/trunk', twilio)).body;
    expectError(await as(app, ws.keys.member).get('/api/core/voice/trunk/list'), 403);
    expectError(await as(app, ws.keys.member).post('/api/core/voice/trunk', twilio), 403);
    expectError(await as(app, other.keys.admin).get(`/api/core/voice/trunk/${trunkId}`), 404);
    expectError(await as(app, other.keys.admin).patch(`/api/core/voice/trunk/${trunkId}`, { port: 5061 }), 404);
    expectError(await as(app, other.keys.admin).delete(`/api/core/voice/trunk/${trunkId}`), 404);
    const imported = await as(app, other.keys.admin).post('/api/core/voice/number', {
      number: '+14155550171',
      trunkId,
    });
    expectError(imported, 404, /SIP trunk/);
  });

  it('imports a number with the trunk that carries it; a trunk carrying numbers cannot be deleted', async () => {
    const { trunkId } = (await admin().post('/api/core/voice/trunk', twilio)).body;
    const number = await admin().post('/api/core/voice/number', { number: '+14155550177', trunkId });
    expect(number.status).toBe(201);
    expect(number.body).toMatchObject({ trunkId, source: 'imported' });
    expectError(await admin().post('/api/core/voice/number', { trunkId }), 422, /import/);
    expectError(await admin().delete(`/api/core/voice/trunk/${trunkId}`), 409, /\+14155550177/);
    expect((await admin().delete(`/api/core/voice/number/${number.body.numberId}`)).status).toBe(204);
    expect((await admin().delete(`/api/core/voice/trunk/${trunkId}`)).status).toBe(204);
    expectError(await admin().get(`/api/core/voice/trunk/${trunkId}`), 404);
    const audit = await as(app, ws.keys.owner).get('/api/core/audit/list?action=trunk.deleted');
    expect(audit.body.list[0].target).toEqual({ type: 'trunk', id: trunkId });
  });
});
