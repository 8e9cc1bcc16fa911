import type { INestApplication } from '@nestjs/common';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { chromium } from 'playwright-core';
import request from 'supertest';
import { ALL_EVENT_NAMES } from '@app/calls';
import { as, createWorkspace, forceCallStatus, startGateway, type TestWorkspace } from '../support/gateway';
import { gatewayRoutes } from '../../apps/api-gateway/src/configure-gateway';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  security?: object[];
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, object>;
  components: { schemas: Record<string, object> };
};

/** The OpenAPI document is complete, and what the service answers matches it. */
describe('OpenAPI document', () => {
  let app: INestApplication;
  let doc: Doc;
  let ws: TestWorkspace;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    app = await startGateway();
    doc = (await request(app.getHttpServer()).get('/openapi.json')).body;
    ajv.addSchema(doc, 'openapi');
    ws = await createWorkspace(app, 'openapi');
  });
  afterAll(() => app.close());

  /** Asserts the answer's body matches the documented schema of (method, path, status). */
  function expectDocumented(res: request.Response, method: string, path: string): void {
    const op = doc.paths[path]?.[method];
    expect({ documented: `${method} ${path}`, ok: !!op }).toEqual({ documented: `${method} ${path}`, ok: true });
    const response = op.responses[String(res.status)];
    expect({ route: `${method} ${path}`, status: res.status, documented: !!response }).toMatchObject({
      documented: true,
    });
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return;
    const validate = ajv.compile(
      JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')),
    );
    const valid = validate(res.body);
    expect({ route: `${method} ${path} ${res.status}`, errors: valid ? null : validate.errors }).toEqual({
      route: `${method} ${path} ${res.status}`,
      errors: null,
    });
  }

  it('is OpenAPI 3.1 with the bearer scheme and the webhook payload of every event', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components).toMatchObject({ securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } });
    expect(Object.keys(doc.webhooks).sort()).toEqual([...ALL_EVENT_NAMES].sort());
  });

  it(
    'documents every route the gateway registers, each /api/core and /mcp route with the bearer scheme and ' +
      'the error body',
    () => {
      const routes = gatewayRoutes(app)
        // the documentation's own routes (Swagger UI, the JSON) and the operators' board are not API endpoints
        .filter((r) => !r.url.includes('*') && !/^\/(docs|openapi\.json|admin\/queues)/.test(r.url))
        .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .map((r) => [r.method.toLowerCase(), r.url.replace(/:(\w+)/g, '{$1}')] as const);
      expect(routes.length).toBeGreaterThan(20);
      for (const [method, path] of routes) {
        expect({ route: `${method} ${path}`, documented: !!doc.paths[path]?.[method] }).toEqual({
          route: `${method} ${path}`,
          documented: true,
        });
        const op = doc.paths[path][method];
        if (/^\/api\/core\/auth\/(signup|login|logout|accept-invite)$/.test(path)) {
          expect(op.security).toBeUndefined(); // signing up, in and out needs no credential
        } else if (path.startsWith('/api/core') || path === '/mcp') {
          expect(op.security).toEqual([{ apiKey: [] }, { session: [] }]);
          for (const status of ['401', '429', '500']) {
            expect(op.responses[status]?.content?.['application/json']?.schema).toEqual({
              $ref: '#/components/schemas/ErrorBody',
            });
          }
        }
      }
    },
  );

  it('success and error answers of every endpoint match their documented schemas', async () => {
    const admin = as(app, ws.keys.admin);
    const owner = as(app, ws.keys.owner);
    const check = async (res: request.Response | Promise<request.Response>, method: string, path: string) =>
      expectDocumented(await res, method, path);

    const agent = await owner.post('/api/core/voice/agent', {
      name: 'Doc',
      script: [{ say: 'hi' }],
      tools: [{ type: 'mcp', name: 'x', url: 'https://tools.example.com/mcp', headers: { a: 'b' } }],
    });
    expectDocumented(agent, 'post', '/api/core/voice/agent');
    const agentId = agent.body.agentId;
    await check(owner.post('/api/core/voice/agent', { name: 5 }), 'post', '/api/core/voice/agent');
    await check(owner.get('/api/core/voice/agent/list'), 'get', '/api/core/voice/agent/list');
    await check(owner.get(`/api/core/voice/agent/${agentId}`), 'get', '/api/core/voice/agent/{agentId}');
    await check(owner.get('/api/core/voice/agent/agent_nope'), 'get', '/api/core/voice/agent/{agentId}');
    await check(
      owner.patch(`/api/core/voice/agent/${agentId}`, { voice: null }),
      'patch',
      '/api/core/voice/agent/{agentId}',
    );

    const started = await as(app, ws.keys.member).post('/api/core/voice/agent/call', {
      agentId,
      to: '+14155552671',
      metadata: { a: 1 },
    });
    expectDocumented(started, 'post', '/api/core/voice/agent/call');
    await check(
      as(app, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to: 'x' }),
      'post',
      '/api/core/voice/agent/call',
    );
    await check(as(app, ws.keys.member).post('/api/core/voice/agent/call', {}), 'post', '/api/core/voice/agent/call');
    await check(
      as(app, ws.keys.viewer).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' }),
      'post',
      '/api/core/voice/agent/call',
    );
    await check(request(app.getHttpServer()).get('/api/core/voice/call/list'), 'get', '/api/core/voice/call/list');
    const callId = started.body.callId;
    await check(owner.get(`/api/core/voice/call/${callId}`), 'get', '/api/core/voice/call/{callId}');
    await check(owner.get('/api/core/voice/call/list?status=completed'), 'get', '/api/core/voice/call/list');
    await check(owner.get('/api/core/voice/call/list?pageSize=0'), 'get', '/api/core/voice/call/list');
    await check(
      owner.get(`/api/core/voice/call/${callId}/transcript`),
      'get',
      '/api/core/voice/call/{callId}/transcript',
    );
    await check(
      owner.get(`/api/core/voice/call/${callId}/recording`),
      'get',
      '/api/core/voice/call/{callId}/recording',
    );
    await check(owner.post(`/api/core/voice/call/${callId}/end`), 'post', '/api/core/voice/call/{callId}/end');
    await forceCallStatus(app, callId, 'completed');
    await check(owner.post(`/api/core/voice/call/${callId}/end`), 'post', '/api/core/voice/call/{callId}/end');
    await check(owner.get('/api/core/event/list'), 'get', '/api/core/event/list');

    const hook = await admin.post('/api/core/webhook', { url: 'https://example.com/h', events: ['call.started'] });
    expectDocumented(hook, 'post', '/api/core/webhook');
    await check(
      admin.post('/api/core/webhook', { url: 'http://example.com/h', events: ['call.started'] }),
      'post',
      '/api/core/webhook',
    );
    await check(admin.get('/api/core/webhook/list'), 'get', '/api/core/webhook/list');
    await check(admin.get(`/api/core/webhook/${hook.body.webhookId}`), 'get', '/api/core/webhook/{webhookId}');
    await check(
      admin.patch(`/api/core/webhook/${hook.body.webhookId}`, { enabled: false }),
      'patch',
      '/api/core/webhook/{webhookId}',
    );
    await check(
      admin.get(`/api/core/webhook/${hook.body.webhookId}/deliveries`),
      'get',
      '/api/core/webhook/{webhookId}/deliveries',
    );
    await check(
      admin.get(`/api/core/webhook/${hook.body.webhookId}/deliveries/dlv_nope`),
      'get',
      '/api/core/webhook/{webhookId}/deliveries/{deliveryId}',
    );
    await check(
      admin.post(`/api/core/webhook/${hook.body.webhookId}/recover`, { since: new Date().toISOString() }),
      'post',
      '/api/core/webhook/{webhookId}/recover',
    );
    await check(as(app, ws.keys.member).get('/api/core/webhook/list'), 'get', '/api/core/webhook/list');

    const key = await admin.post('/api/core/api-key', { name: 'doc', role: 'viewer' });
    expectDocumented(key, 'post', '/api/core/api-key');
    await check(admin.get('/api/core/api-key/list'), 'get', '/api/core/api-key/list');
    await check(admin.post('/api/core/api-key', { name: 'doc', role: 'owner' }), 'post', '/api/core/api-key');

    await check(request(app.getHttpServer()).get('/health/live'), 'get', '/health/live');
    await check(request(app.getHttpServer()).get('/health/ready'), 'get', '/health/ready');
  });

  it('Swagger UI at /docs renders the endpoints in headless Chromium', async () => {
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${url}/docs`);
      await page.waitForSelector('.opblock-summary-path', { timeout: 20000 });
      const paths = await page.$$eval('.opblock-summary-path', (els) =>
        els.map((e) => e.getAttribute('data-path') ?? e.textContent),
      );
      expect(paths).toEqual(
        expect.arrayContaining(['/api/core/voice/agent/call', '/api/core/voice/call/{callId}', '/api/core/webhook']),
      );
      expect(await page.textContent('.title')).toContain('Voice calling service');
    } finally {
      await browser.close();
    }
  });
});
