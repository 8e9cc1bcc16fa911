import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite } from '../support/isolation';

const NUMBERS = '/api/core/voice/number';

/** Phone numbers: provision, import, list, update, release; one holder per number; caller ID (issue 13). */
describe('phone numbers', () => {
  let cleanup: () => Promise<void>;
  let app: INestApplication;
  let ws: TestWorkspace;
  let other: TestWorkspace;
  let agentId: string;

  beforeAll(async () => {
    cleanup = await isolateSuite('numbers');
    process.env.WEBHOOK_ALLOW_HTTP = 'true';
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'false';
    app = await startGateway();
    ws = await createWorkspace(app, 'numbers');
    other = await createWorkspace(app, 'numbers-other');
    agentId = (await createAssistant(app, ws.keys.admin)).agentId;
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const admin = () => as(app, ws.keys.admin);

  it('provisions from the simulator range, honouring country and area code; the first is the default', async () => {
    const first = await admin().post(NUMBERS, { label: 'Support', agentId });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      numberId: expect.stringMatching(/^num_/),
      number: expect.stringMatching(/^\+1415555010\d$/),
      country: 'US',
      label: 'Support',
      agentId,
      assistantRequestUrl: null,
      default: true,
      source: 'provisioned',
      // a provisioned number is carried by the simulated carrier, not a SIP trunk (issue 25)
      trunkId: null,
      assistantRequestSecret: expect.stringMatching(/^whsec_/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const toronto = await admin().post(NUMBERS, { country: 'CA', areaCode: '416' });
    expect(toronto.status).toBe(201);
    expect(toronto.body).toMatchObject({ number: expect.stringMatching(/^\+1416555010\d$/), country: 'CA' });
    expect(toronto.body.default).toBe(false);
    expect(toronto.body.number).not.toBe(first.body.number);
    // The simulator cannot serve every place: a clear 422, nothing created.
    expectError(await admin().post(NUMBERS, { country: 'FR' }), 422, /US and CA.*import/);
    expectError(await admin().post(NUMBERS, { country: 'US', areaCode: '613' }), 422, /613 is not an area code of US/);
    expectError(await admin().post(NUMBERS, { country: 'USA' }), 422, /country/);
  });

  it('imports numbers while calls start in one workspace: every request succeeds (no deadlock, no 500)', async () => {
    const fresh = await createWorkspace(app, 'busy-numbers');
    const asFresh = () => as(app, fresh.keys.admin);
    const { agentId: agent } = (await asFresh().post('/api/core/voice/agent', { name: 'Busy' })).body;
    // each chain: a trunk, a number on it, a call from that number; four chains at once, three times
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const chains = Array.from({ length: 4 }, async (_, n) => {
        const trunk = await asFresh().post('/api/core/voice/trunk', { name: `t${round}${n}`, host: '192.0.2.1' });
        const number = `+1415555${String(8100 + round * 10 + n)}`;
        const imported = await asFresh().post(NUMBERS, { number, trunkId: trunk.body.trunkId });
        const call = await asFresh().post('/api/core/voice/agent/call', { agentId: agent, to: '+14155552671' });
        return [trunk.status, imported.status, call.status];
      });
      statuses.push(...(await Promise.all(chains)).flat());
    }
    expect(statuses).toEqual(Array.from({ length: 36 }, () => 201));
  });

  it('imports a number the workspace holds elsewhere; a number has one holder at a time (409)', async () => {
    const imported = await admin().post(NUMBERS, { number: '+44 20 7946 0123', label: 'London' });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ number: '+442079460123', country: 'GB', source: 'imported', default: false });
    expectError(await admin().post(NUMBERS, { number: '+442079460123' }), 409, /already held/);
    expectError(await as(app, other.keys.admin).post(NUMBERS, { number: '+442079460123' }), 409, /already held/);
    expectError(await admin().post(NUMBERS, { number: '12345' }), 422, /international format/);
    expectError(await admin().post(NUMBERS, { number: '+14155550123', areaCode: '415' }), 422, /leave them out/);
    expectError(await admin().post(NUMBERS, { agentId: 'agent_nope' }), 404, /agent_nope/);
    expectError(await admin().post(NUMBERS, { assistantRequestUrl: 'http://127.0.0.1:9/x' }), 422, /private/);
    expectError(await admin().post(NUMBERS, { assistantRequestUrl: 'not a url' }), 422, /assistantRequestUrl/);
  });

  it('lists, reads, updates (agent, URL, default, rotated secret) and releases', async () => {
    const list = await as(app, ws.keys.viewer).get(`${NUMBERS}/list?pageSize=100`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.list.map((n: { default: boolean }) => n.default).filter(Boolean)).toHaveLength(1);
    const london = list.body.list.find((n: { country: string }) => n.country === 'GB');
    expect(london.assistantRequestSecret).toBeUndefined();

    const patched = await admin().patch(`${NUMBERS}/${london.numberId}`, {
      label: null,
      agentId,
      assistantRequestUrl: 'https://assistants.example.com/choose',
      default: true,
      rotateSecret: true,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      label: null,
      agentId,
      assistantRequestUrl: 'https://assistants.example.com/choose',
      default: true,
      assistantRequestSecret: expect.stringMatching(/^whsec_/),
    });
    const after = await admin().get(`${NUMBERS}/list?pageSize=100`);
    expect(after.body.list.filter((n: { default: boolean }) => n.default)).toEqual([
      expect.objectContaining({ numberId: london.numberId }),
    ]);
    expectError(await admin().patch(`${NUMBERS}/${london.numberId}`, { agentId: 'agent_nope' }), 404);
    expectError(await admin().patch(`${NUMBERS}/${london.numberId}`, { default: 'yes' }), 422, /default/);
    expectError(await as(app, ws.keys.member).patch(`${NUMBERS}/${london.numberId}`, { label: 'x' }), 403);

    // An assistant that answers a number cannot be deleted from under it.
    expectError(await admin().delete(`/api/core/voice/agent/${agentId}`), 409, /answers/);

    expect((await admin().delete(`${NUMBERS}/${london.numberId}`)).status).toBe(204);
    expectError(await admin().get(`${NUMBERS}/${london.numberId}`), 404);
    expectError(await admin().delete(`${NUMBERS}/${london.numberId}`), 404);
    // Released: the default is gone with it, and the number can be held again (here by another workspace).
    const left = await admin().get(`${NUMBERS}/list`);
    expect(left.body.list.some((n: { default: boolean }) => n.default)).toBe(false);
    const taken = await as(app, other.keys.admin).post(NUMBERS, { number: '+442079460123' });
    expect(taken.status).toBe(201);
    expect(taken.body.default).toBe(true);
  });

  it("another workspace's number answers 404 to every route; viewers read, members cannot change", async () => {
    const mine = (await admin().post(NUMBERS, {})).body;
    const stranger = as(app, other.keys.admin);
    expectError(await stranger.get(`${NUMBERS}/${mine.numberId}`), 404);
    expectError(await stranger.patch(`${NUMBERS}/${mine.numberId}`, { label: 'x' }), 404);
    expectError(await stranger.delete(`${NUMBERS}/${mine.numberId}`), 404);
    expect((await stranger.get(`${NUMBERS}/list`)).body.list.map((n: { number: string }) => n.number)).not.toContain(
      mine.number,
    );
    expect((await as(app, ws.keys.viewer).get(`${NUMBERS}/${mine.numberId}`)).status).toBe(200);
    expectError(await as(app, ws.keys.member).post(NUMBERS, {}), 403);
    expectError(await as(app, ws.keys.member).delete(`${NUMBERS}/${mine.numberId}`), 403);
  });

  it('start-call takes from (a number of the workspace, else 422) and falls back to the default', async () => {
    const member = as(app, ws.keys.member);
    const start = (body: object) => member.post('/api/core/voice/agent/call', { agentId, to: '+14155552671', ...body });
    const mine = (await admin().get(`${NUMBERS}/list?pageSize=100`)).body.list as {
      number: string;
      numberId: string;
    }[];
    const chosen = mine[0];
    const withFrom = await start({ from: chosen.number });
    expect(withFrom.status).toBe(201);
    const call = (await member.get(`/api/core/voice/call/${withFrom.body.callId}`)).body;
    expect(call).toMatchObject({ from: chosen.number, numberId: chosen.numberId, to: '+14155552671' });
    const started = await app.get(PrismaService).callEvent.findFirst({
      where: { callId: withFrom.body.callId, type: 'call.started' },
    });
    expect(started!.data).toMatchObject({ direction: 'outbound', from: chosen.number, to: '+14155552671' });

    expectError(await start({ from: '+442079460123' }), 422, /not a number of this workspace/);
    expectError(await start({ from: 'nope' }), 422, /from/);
    // Without a default number, no caller ID.
    for (const n of mine.filter((x) => (x as { default?: boolean }).default)) {
      expect((await admin().patch(`${NUMBERS}/${n.numberId}`, { default: false })).body.default).toBe(false);
    }
    const plain = await start({});
    expect((await member.get(`/api/core/voice/call/${plain.body.callId}`)).body).toMatchObject({ from: null });
    await admin().patch(`${NUMBERS}/${chosen.numberId}`, { default: true });
    const byDefault = await start({});
    expect((await member.get(`/api/core/voice/call/${byDefault.body.callId}`)).body).toMatchObject({
      from: chosen.number,
      numberId: chosen.numberId,
    });
    const filtered = await member.get(`/api/core/voice/call/list?from=${encodeURIComponent(chosen.number)}`);
    expect(filtered.body.total).toBe(2);
    expect((await member.get('/api/core/voice/call/list?direction=inbound')).body.total).toBe(0);
    expectError(await member.get('/api/core/voice/call/list?direction=sideways'), 400);
  });

  it('audits numbers added, updated and released', async () => {
    const audit = await as(app, ws.keys.owner).get('/api/core/audit/list?pageSize=100');
    const actions = audit.body.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['number.added', 'number.updated', 'number.released']));
  });
});
