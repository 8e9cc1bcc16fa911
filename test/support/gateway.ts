import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { PrismaService } from '@app/db';
import { httpAdapter, type NestFastifyApplication } from '@app/platform/http';
import { ApiKeysRepository, type RoleName, WorkspacesRepository } from '@app/workspaces';
import { AppModule } from '../../apps/api-gateway/src/app.module';
import { configureGateway } from '../../apps/api-gateway/src/configure-gateway';
import { checkResponse } from './openapi-conformance';

/** Boots the real gateway module (real PostgreSQL and Redis of the test run) on an ephemeral port. */
export async function startGateway(): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(httpAdapter(), {
    bodyParser: false,
    logger: ['error'],
  });
  configureGateway(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export interface TestWorkspace {
  workspaceId: string;
  keys: Record<RoleName, string>;
  keyIds: Record<RoleName, string>;
}

/** A fresh workspace with one key per role, made through the same repositories the CLI uses. */
export async function createWorkspace(app: INestApplication, label = 'ws'): Promise<TestWorkspace> {
  const ws = await app.get(WorkspacesRepository).create(`${label}-${randomBytes(4).toString('hex')}`);
  // Suites start calls in bursts; the live-call limit has its own suite (concurrency-dnc), which sets it.
  await app.get(WorkspacesRepository).setLimits(ws.id, { liveCallLimit: 100_000 });
  const keys = {} as Record<RoleName, string>;
  const keyIds = {} as Record<RoleName, string>;
  for (const role of ['viewer', 'member', 'admin', 'owner'] as const) {
    const { key, record } = await app.get(ApiKeysRepository).create(ws.id, `${role} key`, role);
    keys[role] = key;
    keyIds[role] = record.id;
  }
  return { workspaceId: ws.id, keys, keyIds };
}

/** supertest bound to the app with these headers; every answer is checked against the OpenAPI document. */
function client(app: INestApplication, headers: Record<string, string>) {
  const http = (method: 'get' | 'post' | 'patch' | 'delete', path: string) => {
    const server = request(app.getHttpServer());
    return server[method](path)
      .set(headers)
      .on('response', (res: request.Response) => checkResponse(app, method, path, res as never));
  };
  return {
    get: (path: string) => http('get', path),
    post: (path: string, body?: object) => (body === undefined ? http('post', path) : http('post', path).send(body)),
    patch: (path: string, body: object) => http('patch', path).send(body),
    delete: (path: string) => http('delete', path),
  };
}

/** With a Bearer key. */
export function as(app: INestApplication, key: string) {
  return client(app, { Authorization: `Bearer ${key}` });
}

export async function createAssistant(app: INestApplication, adminKey: string, body: object = {}) {
  const res = await as(app, adminKey).post('/api/core/voice/agent', { name: 'Test assistant', ...body });
  if (res.status !== 201) throw new Error(`assistant not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { agentId: string; language: string };
}

/** Test-only shortcut to put a call in a state the engine would (the engine owns status in production). */
export async function forceCallStatus(
  app: INestApplication,
  callId: string,
  status: 'completed' | 'failed' | 'no_answer' | 'in_progress',
) {
  await app.get(PrismaService).call.update({ where: { id: callId }, data: { status } });
}

/** Every error answer of the service: {code, message} with code equal to the HTTP status. */
export function expectError(res: request.Response, status: number, message?: RegExp): void {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { code: status } });
  expect(typeof res.body.message).toBe('string');
  expect(res.headers['content-type']).toMatch(/application\/json/);
  if (message) expect(res.body.message).toMatch(message);
}

/** With a session cookie (and its CSRF proof). */
export function asSession(app: INestApplication, cookie: string, csrfToken?: string) {
  return client(app, { Cookie: cookie, ...(csrfToken ? { 'X-CSRF-Token': csrfToken } : {}) });
}

/** Signs a new person up (a new workspace); answers their cookie, CSRF token and account. */
export async function signUp(app: INestApplication, label = 'person') {
  const tag = randomBytes(4).toString('hex');
  const email = `${label}-${tag}@example.com`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const res = await request(app.getHttpServer())
    .post('/api/core/auth/signup')
    .send({ email, password, name: `Person ${tag}`, workspaceName: `${label}-${tag}` });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
  return { email, password, cookie, csrfToken: res.body.csrfToken as string, me: res.body };
}
