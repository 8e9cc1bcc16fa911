import type { INestApplication } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { CallsRepository } from '@app/calls';
import { PrismaService } from '@app/db';
import { QueueName } from '@app/queues';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  forceCallStatus,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';

const START = '/api/core/voice/agent/call';

describe('calls (spec 4.1-4.3)', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  let member: ReturnType<typeof as>;

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'calls');
    agentId = (await createAssistant(app, ws.keys.admin, { language: 'de' })).agentId;
    member = as(app, ws.keys.member);
  });
  afterAll(() => app.close());

  describe('POST /voice/agent/call', () => {
    it('answers 201 with exactly callId, status ringing and the assistant language', async () => {
      const res = await member.post(START, { agentId, to: '+14155552671', metadata: { orderId: 'A-1' } });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['callId', 'language', 'status']);
      expect(res.body).toMatchObject({ status: 'ringing', language: 'de' });
      expect(res.body.callId).toMatch(/^call_[0-9a-z]{26}$/);
    });

    it('writes the call and its call.started event in PostgreSQL and hands the call to the engine', async () => {
      const res = await member.post(START, { agentId, to: '+44 20 7183 8750', metadata: { n: 1 } });
      const prisma = app.get(PrismaService);
      const call = await prisma.call.findUniqueOrThrow({ where: { id: res.body.callId } });
      expect(call).toMatchObject({
        status: 'ringing',
        direction: 'outbound',
        to: '+442071838750',
        language: 'de',
        metadata: { n: 1 },
      });
      const events = await prisma.callEvent.findMany({ where: { callId: call.id } });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'call.started', sequence: 1 });
      expect(events[0].data).toMatchObject({
        callId: call.id,
        agentId,
        direction: 'outbound',
        to: '+442071838750',
        language: 'de',
        metadata: { n: 1 },
      });
      const queue = app.get<Queue>(getQueueToken(QueueName.CallEngine));
      const job = await queue.getJob(call.id);
      expect(job?.name).toBe('dial-call');
      expect(job?.data).toMatchObject({ callId: call.id });
    });

    it.each([
      ['agentId missing', { to: '+14155552671' }, /agentId is required/],
      ['to missing', { agentId: 'agent_x' }, /to is required/],
      ['empty object', {}, /required/],
    ])('400 when %s', async (_, body, message) => {
      expectError(await member.post(START, body), 400, message);
    });

    it.each([
      ['to is not a number', { to: 'hello' }, /to must be a valid phone number/],
      ['to lacks the country code', { to: '4155552671' }, /to must be a valid phone number/],
      ['to is too short', { to: '+1415' }, /to must be a valid phone number/],
      ['to is a number type', { to: 14155552671 }, /to must be a string/],
      ['agentId is not a string', { agentId: 42 }, /agentId must be a string/],
      ['metadata is an array', { metadata: [1, 2] }, /metadata must be a JSON object/],
      ['metadata is a string', { metadata: 'x' }, /metadata must be a JSON object/],
      ['metadata exceeds 16 KB', { metadata: { blob: 'x'.repeat(17 * 1024) } }, /at most 16 KB/],
    ])('422 when %s', async (_, patch, message) => {
      expectError(await member.post(START, { agentId, to: '+14155552671', ...patch }), 422, message);
    });

    it('400 for malformed JSON, a non-object body, or a body without Content-Type: application/json', async () => {
      const http = () => request(app.getHttpServer()).post(START).set('Authorization', `Bearer ${ws.keys.member}`);
      expectError(await http().set('Content-Type', 'application/json').send('{"agentId": '), 400, /Malformed JSON/);
      expectError(await http().set('Content-Type', 'application/json').send('[1,2]'), 400, /JSON object/);
      expectError(
        await http()
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ agentId, to: '+14155552671' })),
        400,
        /Content-Type: application\/json/,
      );
      expectError(await http(), 400, /JSON object/);
    });

    it('413 for a body over 1 MB', async () => {
      const res = await member.post(START, {
        agentId,
        to: '+14155552671',
        metadata: { blob: 'x'.repeat(1024 * 1024 + 10) },
      });
      expectError(res, 413);
    });

    it('404 for an unknown assistant, and places no call', async () => {
      const prisma = app.get(PrismaService);
      const before = await prisma.call.count({ where: { workspaceId: ws.workspaceId } });
      expectError(await member.post(START, { agentId: 'agent_unknown', to: '+14155552671' }), 404, /Assistant/);
      expect(await prisma.call.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
    });

    it('rejected requests write nothing', async () => {
      const prisma = app.get(PrismaService);
      const before = await prisma.call.count({ where: { workspaceId: ws.workspaceId } });
      await member.post(START, { agentId, to: 'nope' });
      await member.post(START, { to: '+14155552671' });
      expect(await prisma.call.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeat with the same key and body returns the first response and places no second call', async () => {
      const prisma = app.get(PrismaService);
      const body = { agentId, to: '+14155550111', metadata: { b: 2, a: 1 } };
      const first = await member.post(START, body).set('Idempotency-Key', 'order-1');
      const before = await prisma.call.count({ where: { workspaceId: ws.workspaceId } });
      const again = await member
        .post(START, { agentId, to: '+1 415 555 0111', metadata: { a: 1, b: 2 } })
        .set('Idempotency-Key', 'order-1');
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await prisma.call.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
    });

    it('the same key with a different body is a 409', async () => {
      await member.post(START, { agentId, to: '+14155550112' }).set('Idempotency-Key', 'order-2');
      expectError(
        await member.post(START, { agentId, to: '+14155550113' }).set('Idempotency-Key', 'order-2'),
        409,
        /Idempotency-Key/,
      );
    });

    it('concurrent requests with one key place exactly one call', async () => {
      const prisma = app.get(PrismaService);
      const before = await prisma.call.count({ where: { workspaceId: ws.workspaceId } });
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          member.post(START, { agentId, to: '+14155550114' }).set('Idempotency-Key', 'burst-1'),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(results.map((r) => r.body.callId)).size).toBe(1);
      expect(await prisma.call.count({ where: { workspaceId: ws.workspaceId } })).toBe(before + 1);
    });

    it('keys are per workspace', async () => {
      const other = await createWorkspace(app, 'idem-other');
      const otherAgent = (await createAssistant(app, other.keys.admin)).agentId;
      const a = await member.post(START, { agentId, to: '+14155550115' }).set('Idempotency-Key', 'shared');
      const b = await as(app, other.keys.member)
        .post(START, { agentId: otherAgent, to: '+14155550115' })
        .set('Idempotency-Key', 'shared');
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.callId).not.toBe(b.body.callId);
    });

    it('400 for a malformed Idempotency-Key', async () => {
      expectError(
        await member.post(START, { agentId, to: '+14155552671' }).set('Idempotency-Key', 'x'.repeat(300)),
        400,
        /Idempotency-Key/,
      );
    });
  });

  describe('GET /voice/call/{callId}', () => {
    it(
      'returns every field of spec 2.1 plus agentId, to, from, numberId, metadata, connectedAt, updatedAt, ' +
        'unknowns as null',
      async () => {
        const { body: started } = await member.post(START, { agentId, to: '+14155552671', metadata: { k: 'v' } });
        const res = await as(app, ws.keys.viewer).get(`/api/core/voice/call/${started.callId}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          callId: started.callId,
          agentId,
          status: 'ringing',
          direction: 'outbound',
          to: '+14155552671',
          from: null,
          numberId: null,
          campaignId: null,
          trunkId: null,
          transferTo: null,
          language: 'de',
          metadata: { k: 'v' },
          durationSec: null,
          endedReason: null,
          analysis: null,
          answeredBy: null,
          recordingReady: false,
          transcriptReady: false,
          mediaRemovedAt: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          connectedAt: null,
          endedAt: null,
          updatedAt: expect.stringMatching(/Z$/),
        });
      },
    );

    it('404 for an unknown id', async () => {
      expectError(await member.get('/api/core/voice/call/call_nope'), 404, /call_nope/);
    });
  });

  describe('GET /voice/call/list', () => {
    let listWs: TestWorkspace;
    let agents: string[];
    const ids: string[] = [];

    beforeAll(async () => {
      listWs = await createWorkspace(app, 'list');
      agents = [
        (await createAssistant(app, listWs.keys.admin)).agentId,
        (await createAssistant(app, listWs.keys.admin)).agentId,
      ];
      for (let i = 0; i < 7; i++) {
        const res = await as(app, listWs.keys.member).post(START, { agentId: agents[i % 2], to: '+14155552671' });
        ids.push(res.body.callId);
      }
      await forceCallStatus(app, ids[0], 'completed');
      await forceCallStatus(app, ids[1], 'no_answer');
    });

    const list = (q: string) => as(app, listWs.keys.viewer).get(`/api/core/voice/call/list${q}`);

    it('pages newest first; paging until total collects every call once', async () => {
      const seen: string[] = [];
      let total = Infinity;
      for (let page = 1; seen.length < total; page++) {
        const res = await list(`?page=${page}&pageSize=3`);
        expect(res.status).toBe(200);
        total = res.body.total;
        expect(res.body.list.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.list.map((c: { callId: string }) => c.callId));
        if (page > 10) throw new Error('paging did not converge');
      }
      expect(total).toBe(7);
      expect(seen).toEqual([...ids].reverse());
    });

    it('defaults to page 1 of 20 with full call records', async () => {
      const res = await list('');
      expect(res.body.total).toBe(7);
      expect(res.body.list).toHaveLength(7);
      expect(Object.keys(res.body.list[0])).toEqual(
        expect.arrayContaining(['callId', 'status', 'durationSec', 'endedAt', 'metadata']),
      );
    });

    it('filters by status and agentId', async () => {
      const byStatus = await list('?status=no-answer');
      expect(byStatus.body.total).toBe(1);
      expect(byStatus.body.list[0]).toMatchObject({ callId: ids[1], status: 'no-answer' });
      const byAgent = await list(`?agentId=${agents[1]}`);
      expect(byAgent.body.total).toBe(3);
      expect(byAgent.body.list.every((c: { agentId: string }) => c.agentId === agents[1])).toBe(true);
    });

    it('filters by createdAfter (inclusive) and createdBefore (exclusive)', async () => {
      const all = (await list('')).body.list as { callId: string; createdAt: string }[];
      const pivot = all[3].createdAt;
      const after = await list(`?createdAfter=${encodeURIComponent(pivot)}`);
      const before = await list(`?createdBefore=${encodeURIComponent(pivot)}`);
      expect(after.body.total + before.body.total).toBe(7);
      expect(after.body.list.map((c: { callId: string }) => c.callId)).toContain(all[3].callId);
    });

    it('an empty result is total 0 with an empty list; a page past the end keeps the total', async () => {
      const empty = await list('?status=in-progress');
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ total: 0, list: [] });
      const past = await list('?page=99');
      expect(past.body).toEqual({ total: 7, list: [] });
    });

    it.each([
      ['page=0', /page must be at least 1/],
      ['page=abc', /page must be an integer/],
      ['pageSize=101', /pageSize must be at most 100/],
      ['pageSize=0', /pageSize must be at least 1/],
      ['status=ended', /status must be one of/],
      ['createdAfter=yesterday', /createdAfter must be an ISO 8601/],
      ['createdBefore=2026-13-45', /createdBefore must be an ISO 8601/],
      // ISO 8601's basic form and years outside 0001-9999: JavaScript cannot hold them as a date
      ['createdAfter=-25400101', /createdAfter must be an ISO 8601/],
      ['createdAfter=20250101', /createdAfter must be an ISO 8601/],
    ])('400 naming the parameter for %s', async (q, message) => {
      expectError(await list(`?${q}`), 400, message);
    });

    it('searches by a number (from or to) and by metadata (a key, or a key with a value as text)', async () => {
      const ws2 = await createWorkspace(app, 'search');
      const { agentId } = await createAssistant(app, ws2.keys.admin);
      const start = async (to: string, metadata?: object) =>
        (await as(app, ws2.keys.member).post(START, { agentId, to, metadata })).body.callId as string;
      const a = await start('+14155552671', { orderId: 'A-17', tier: 'gold' });
      const b = await start('+14155552672', { orderId: 'B-2', count: 42 });
      const c = await start('+14155552673');
      await app.get(PrismaService).call.update({ where: { id: c }, data: { from: '+14155552671' } });
      const found = async (q: string) => {
        const res = await as(app, ws2.keys.viewer).get(`/api/core/voice/call/list?${q}`);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(res.body.list.length);
        return res.body.list.map((x: { callId: string }) => x.callId).sort();
      };
      expect(await found('number=%2B14155552671')).toEqual([a, c].sort());
      expect(await found('number=%2B1%20415%20555%202672')).toEqual([b]);
      expect(await found('metadataKey=orderId')).toEqual([a, b].sort());
      expect(await found('metadataKey=orderId&metadataValue=A-17')).toEqual([a]);
      expect(await found('metadataKey=count&metadataValue=42')).toEqual([b]);
      expect(await found('metadataKey=tier&metadataValue=silver')).toEqual([]);
      expect(await found('metadataKey=orderId&number=%2B14155552672')).toEqual([b]);
      expectError(await list('?metadataValue=A-17'), 400, /metadataValue needs metadataKey/);
      expectError(await list('?number=12'), 400, /number/);
    });

    it('totals come from running tallies and stay exact when they are folded', async () => {
      const before = await Promise.all(
        ['', '?status=completed', `?agentId=${agents[0]}`].map(async (q) => (await list(q)).body.total),
      );
      await app.get(CallsRepository).foldTallies();
      await app.get(CallsRepository).foldTallies(1);
      const after = await Promise.all(
        ['', '?status=completed', `?agentId=${agents[0]}`].map(async (q) => (await list(q)).body.total),
      );
      expect(after).toEqual(before);
      expect(before).toEqual([7, 1, 4]);
    });

    it("never shows another workspace's calls", async () => {
      const res = await as(app, ws.keys.viewer).get('/api/core/voice/call/list?pageSize=100');
      const theirs = new Set(ids);
      expect(res.body.list.some((c: { callId: string }) => theirs.has(c.callId))).toBe(false);
    });
  });

  describe('POST /voice/call/{callId}/end', () => {
    it('202 with the call for a live call, recording the request and asking the engine', async () => {
      const { body } = await member.post(START, { agentId, to: '+14155552671' });
      const res = await member.post(`/api/core/voice/call/${body.callId}/end`);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ callId: body.callId, status: 'ringing' });
      const row = await app.get(PrismaService).call.findUniqueOrThrow({ where: { id: body.callId } });
      expect(row.endRequestedAt).toBeInstanceOf(Date);
      const job = await app.get<Queue>(getQueueToken(QueueName.CallEngine)).getJob(`end-${body.callId}`);
      expect(job?.name).toBe('end-call');
    });

    it('409 for a call in a final state', async () => {
      const { body } = await member.post(START, { agentId, to: '+14155552671' });
      await forceCallStatus(app, body.callId, 'completed');
      expectError(await member.post(`/api/core/voice/call/${body.callId}/end`), 409, /already ended/);
    });

    it('404 for an unknown call', async () => {
      expectError(await member.post('/api/core/voice/call/call_nope/end'), 404);
    });
  });
});
