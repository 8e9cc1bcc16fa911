import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { PrismaService } from '@app/db';
import { createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';

/**
 * Property: whatever a client sends, the gateway answers below 500 with {code, message} where code
 * equals the status, and a rejected request writes nothing. Run counts are in the test names;
 * FUZZ_RUNS=1000 searches longer (CI keeps 60; a counterexample is printed with its seed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const ROUTES: [string, string][] = [
  ['post', '/api/core/voice/agent/call'],
  ['get', '/api/core/voice/call/list'],
  ['get', '/api/core/voice/call/{id}'],
  ['post', '/api/core/voice/call/{id}/end'],
  ['get', '/api/core/voice/call/{id}/transcript'],
  ['get', '/api/core/voice/call/{id}/recording'],
  ['get', '/api/core/event/list'],
  ['get', '/api/core/voice/agent/list'],
  ['get', '/api/core/voice/agent/{id}'],
  ['post', '/api/core/voice/agent'],
  ['patch', '/api/core/voice/agent/{id}'],
  ['delete', '/api/core/voice/agent/{id}'],
  ['post', '/api/core/webhook'],
  ['get', '/api/core/webhook/list'],
  ['get', '/api/core/webhook/{id}'],
  ['patch', '/api/core/webhook/{id}'],
  ['delete', '/api/core/webhook/{id}'],
  ['get', '/api/core/webhook/{id}/deliveries'],
  ['post', '/api/core/webhook/{id}/recover'],
  ['post', '/api/core/webhook/{id}/test'],
  ['post', '/api/core/api-key'],
  ['get', '/api/core/api-key/list'],
  ['delete', '/api/core/api-key/{id}'],
  ['post', '/mcp'],
];

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', '\u0000', '../../etc/passwd', 'agent_x', '+14155552671', 'null', '\'; DROP TABLE "Call";--'),
);
const deep = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue(),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(text, tie('node'), { maxKeys: 3 }),
  ),
})).node;
const body = fc.oneof(
  fc.jsonValue(),
  deep,
  fc.record(
    { agentId: fc.oneof(text, fc.jsonValue()), to: fc.oneof(text, fc.jsonValue()), metadata: fc.jsonValue() },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      name: fc.oneof(text, fc.jsonValue()),
      script: fc.jsonValue(),
      tools: fc.jsonValue(),
      language: text,
      maxDurationSec: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { url: fc.oneof(text, fc.webUrl()), events: fc.oneof(fc.array(text), fc.jsonValue()), enabled: fc.jsonValue() },
    { requiredKeys: [] },
  ),
  fc.record(
    { name: text, role: fc.oneof(text, fc.constantFrom('viewer', 'member', 'admin', 'owner', 'root')) },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      since: fc.oneof(
        text,
        fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
      ),
    },
    { requiredKeys: [] },
  ),
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'page',
      'pageSize',
      'status',
      'agentId',
      'createdAfter',
      'createdBefore',
      'after',
      'limit',
      'callId',
      'type',
      'event',
    ),
    text,
  ),
  fc.oneof(text, fc.integer().map(String), fc.double().map(String)),
  { maxKeys: 4 },
);
const rawBody = fc.oneof(
  fc.string(),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', '"str"', '{"agentId": 1e999}', '\u0000'),
);

describe(`fuzzing every endpoint (fast-check, ${RUNS} runs per property and route)`, () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  const created = { calls: 0, assistants: 0, webhooks: 0, keys: 0 };

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'fuzz');
    agentId = (await createAssistant(app, ws.keys.owner)).agentId;
  });
  afterAll(() => app.close());

  const counts = async () => {
    const prisma = app.get(PrismaService);
    const where = { workspaceId: ws.workspaceId };
    return {
      calls: await prisma.call.count({ where }),
      assistants: await prisma.assistant.count({ where: { ...where, deletedAt: null } }),
      webhooks: await prisma.webhook.count({ where: { ...where, deletedAt: null } }),
      keys: await prisma.apiKey.count({ where: { ...where, revokedAt: null } }),
    };
  };

  /** The contract every answer keeps; counts what a 2xx created so the write check can subtract it. */
  function checkAnswer(method: string, route: string, res: request.Response): void {
    expect({ route: `${method} ${route}`, status: res.status, below500: res.status < 500 }).toMatchObject({
      below500: true,
    });
    if (res.status >= 400) {
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect({ route, body: res.body }).toMatchObject({ body: { code: res.status, message: expect.any(String) } });
    } else if (method === 'post' || method === 'delete') {
      if (route.endsWith('/agent/call')) created.calls += 1;
      if (route === '/api/core/voice/agent') created.assistants += 1;
      if (route === '/api/core/webhook') created.webhooks += 1;
      if (route === '/api/core/api-key') created.keys += 1;
      if (method === 'delete' && route.includes('/voice/agent/')) created.assistants -= 1;
      if (method === 'delete' && route.includes('/webhook/')) created.webhooks -= 1;
      if (method === 'delete' && route.includes('/api-key/')) created.keys -= 1;
    }
  }

  const send = (method: string, path: string, headers: Record<string, string>, payload?: unknown, raw?: string) => {
    let req = (request(app.getHttpServer()) as unknown as Record<string, (p: string) => request.Test>)[method](path);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    if (raw !== undefined) return req.set('Content-Type', 'application/json').send(raw);
    return payload === undefined
      ? req
      : req.set('Content-Type', 'application/json').send(JSON.stringify(payload) ?? 'null');
  };
  const fill = (route: string, id: string) => route.replace('{id}', encodeURIComponent(id));
  const auth = { Authorization: '' };

  it.each(ROUTES)(`%s %s: arbitrary JSON bodies, path ids and query strings (${RUNS} runs)`, async (method, route) => {
    auth.Authorization = `Bearer ${ws.keys.owner}`;
    const before = await counts();
    const startCreated = { ...created };
    await fc.assert(
      fc.asyncProperty(body, fc.oneof(text, fc.constant(agentId)), query, async (payload, id, q) => {
        const qs = new URLSearchParams(q as Record<string, string>).toString();
        const res = await send(
          method,
          `${fill(route, id)}${qs ? `?${qs}` : ''}`,
          { Authorization: auth.Authorization },
          method === 'get' || method === 'delete' ? undefined : payload,
        );
        checkAnswer(method, route, res);
      }),
      { numRuns: RUNS },
    );
    const after = await counts();
    for (const k of Object.keys(after) as (keyof typeof after)[])
      expect({ k, delta: after[k] - before[k] }).toEqual({ k, delta: created[k] - startCreated[k] });
  });

  it(`malformed JSON, wrong Content-Type and huge or odd bodies on every body route (${RUNS} runs)`, async () => {
    const bodyRoutes = ROUTES.filter(([m]) => m === 'post' || m === 'patch');
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodyRoutes),
        rawBody,
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          '',
        ),
        async ([method, route], raw, type) => {
          const headers: Record<string, string> = { Authorization: `Bearer ${ws.keys.owner}` };
          const res =
            type === 'application/json'
              ? await send(method, fill(route, agentId), headers, undefined, raw)
              : await send(
                  method,
                  fill(route, agentId),
                  { ...headers, ...(type ? { 'Content-Type': type } : {}) },
                  undefined,
                ).send(raw);
          checkAnswer(method, route, res);
          if (res.status >= 400) expect([400, 401, 403, 404, 405, 406, 409, 413, 422]).toContain(res.status);
        },
      ),
      { numRuns: RUNS },
    );
    const huge = await send(
      'post',
      '/api/core/voice/agent',
      { Authorization: `Bearer ${ws.keys.owner}` },
      { name: 'x'.repeat(2 * 1024 * 1024) },
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 413 });
    const after = await counts();
    expect(after.assistants - before.assistants).toBe(0);
  });

  it(`malformed Authorization headers never pass and never break anything (${RUNS} runs)`, async () => {
    // Only what an HTTP client can put in a header: visible ASCII and spaces.
    const printable = (s: string) => [...s].filter((c) => c >= ' ' && c <= '~').join('');
    const header = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }).map(printable),
      fc.constantFrom('Bearer', 'Bearer ', 'bearer vk_', 'Basic Zm9vOmJhcg==', `Bearer ${'vk_'.padEnd(300, 'a')}`),
      text.map((t) => printable(`Bearer ${t}`)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), header, async ([method, route], value) => {
        const res = await send(
          method,
          fill(route, agentId),
          { Authorization: value },
          method === 'post' || method === 'patch' ? {} : undefined,
        ).catch(() => null);
        if (!res) return; // the HTTP client itself refused the header value
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 401, message: expect.any(String) });
      }),
      { numRuns: RUNS },
    );
  });

  /** Rows a refused request must not have written, all of this workspace. */
  const rows = async () => {
    const prisma = app.get(PrismaService);
    const where = { workspaceId: ws.workspaceId };
    const [calls, assistants, webhooks, keys, campaigns, numbers, dnc, invites, audit] = await Promise.all([
      prisma.call.count({ where }),
      prisma.assistant.count({ where }),
      prisma.webhook.count({ where }),
      prisma.apiKey.count({ where }),
      prisma.campaign.count({ where }),
      prisma.phoneNumber.count({ where }),
      prisma.dncEntry.count({ where }),
      prisma.invite.count({ where }),
      prisma.auditEntry.count({ where }),
    ]);
    return { calls, assistants, webhooks, keys, campaigns, numbers, dnc, invites, audit };
  };

  const HOSTILE_RUNS = 15;
  const hostile = fc.oneof(
    body,
    // deep nesting, at and past the 32-level limit
    fc.integer({ min: 30, max: 3000 }).map((n) => ({ name: JSON.parse('['.repeat(n) + ']'.repeat(n)) })),
    // huge arrays
    fc
      .integer({ min: 1000, max: 20000 })
      .map((n) => ({ recipients: Array(n).fill('+14155552671'), events: Array(n).fill('x') })),
    // control characters and bidi overrides where names go
    fc
      .constantFrom('x\u001b[2K\r\nforged\towner', 'a\u202eb', '\u0085', '\u0000')
      .map((name) => ({ name, label: name })),
    // prototype keys
    fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map((k) => JSON.parse(`{"${k}": {"role": "owner"}, "name": "p"}`)),
    // wrong types everywhere
    fc.dictionary(
      fc.constantFrom('name', 'to', 'agentId', 'url', 'events', 'role', 'email', 'recipients'),
      fc.jsonValue(),
    ),
  );

  const everyRoute = 'every route of /openapi.json: hostile JSON bodies never answer 5xx, a refused one writes no row';
  it(`${everyRoute} (${HOSTILE_RUNS} runs each)`, async () => {
    const doc = (await request(app.getHttpServer()).get('/openapi.json')).body as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'patch', 'delete', 'put'].includes(m))
        // the live event stream never ends; its refusals are tested in event-stream and hostile-tenant
        .filter(() => path !== '/api/core/event/stream')
        .map((m) => [m, path] as const),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const [method, route] of routes) {
      await fc.assert(
        fc.asyncProperty(hostile, fc.oneof(text, fc.constant(agentId)), async (payload, id) => {
          const before = await rows();
          const path = route.replace(/\{[^}]+\}/g, encodeURIComponent(id));
          const res = await send(
            method,
            path,
            { Authorization: `Bearer ${ws.keys.owner}` },
            method === 'get' ? undefined : payload,
          );
          expect({ route: `${method} ${route}`, status: res.status }).toEqual({
            route: `${method} ${route}`,
            status: expect.any(Number),
          });
          expect({ route: `${method} ${route}`, below500: res.status < 500 }).toEqual({
            route: `${method} ${route}`,
            below500: true,
          });
          if (res.status >= 400) {
            expect(res.body).toMatchObject({ code: res.status, message: expect.any(String) });
            expect({ route: `${method} ${route}`, rows: await rows() }).toEqual({
              route: `${method} ${route}`,
              rows: before,
            });
          }
        }),
        { numRuns: HOSTILE_RUNS },
      );
    }
    // every route, 15 bodies each: over the default minute on a slow day's machine (CI, 2026-11-25)
  }, 180_000);
});
