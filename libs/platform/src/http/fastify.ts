import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compile as compileTrust } from '@fastify/proxy-addr';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { ApiError } from '../errors/api-error';
import type { AppConfig } from '../config/app-config';
import { BODY_LIMIT_BYTES } from './json-body';
import { metricsAccess } from './metrics-access';

export type { FastifyReply, FastifyRequest, NestFastifyApplication };

/**
 * A sane incoming X-Request-Id, or a new one; echoed in the response, error bodies and log lines.
 * Kept on the raw request too: the access log (pino-http) runs before Fastify's own hooks.
 */
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  (req as IncomingMessage & { id?: string }).id = id;
  return id;
}

type TrustRule = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a proxy-addr rule: "true", a hop count, or addresses/subnets (`loopback`, CIDRs). */
export function trustProxyRule(value: string | undefined): TrustRule {
  if (!value) return () => false;
  if (value === 'true') return () => true;
  const hops = Number(value);
  if (Number.isInteger(hops)) return (_address, hop) => hop < hops;
  return compileTrust(value.split(',').map((s) => s.trim()));
}

// Each adapter's proxy rule, set from AppConfig by configureHttp (the adapter exists before the config).
const trustRules = new WeakMap<object, { rule: TrustRule }>();

/**
 * The HTTP server of every app (gateway, engine, dispatcher): Fastify under Nest. Idle keep-alive
 * connections stay open 65 s, past the 60 s idle timeout of common load balancers; a trailing
 * slash names the same route; ids in paths may be long (webhook ids, numbers).
 */
export function httpAdapter(): FastifyAdapter {
  const trust: { rule: TrustRule } = { rule: () => false };
  const adapter = new FastifyAdapter({
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: (address, hop) => trust.rule(address, hop),
    keepAliveTimeout: 65_000,
    // A request that reaches a closing server on a kept-alive connection is served, not refused with
    // 503: the app is whole until the server has closed, and that connection closes after the answer.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  trustRules.set(adapter.getInstance(), trust);
  return adapter;
}

const isBoard = (url: string) => url.startsWith('/admin/queues/');

/**
 * Settings every app shares: no body is read before authentication (RequestBodyInterceptor reads
 * API bodies; Bull Board's own JSON edits are parsed here), the request id on every answer, NUL
 * characters refused in URLs (PostgreSQL text cannot hold them), /metrics behind METRICS_TOKEN,
 * and every error answered {code, message, requestId} by one filter.
 */
export function configureHttp(app: NestFastifyApplication, config: AppConfig, allowedMethods?: AllowedMethods): void {
  const fastify = app.getHttpAdapter().getInstance();
  const trust = trustRules.get(fastify);
  if (trust) trust.rule = trustProxyRule(config.TRUST_PROXY);
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (req, payload, done) => {
    if (!isBoard(req.url) || !/json/.test(String(req.headers['content-type']))) return done(null, undefined);
    readJsonStream(payload, done);
  });
  const checkMetrics = metricsAccess(config);
  // Once the server is closing, a connection whose answer has finished is closed rather than kept
  // alive idle until keepAliveTimeout (event streams the shutdown ended, requests that were in flight).
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    fastify.server.closeIdleConnections();
    done();
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.raw.once('finish', () => closing && req.raw.socket?.destroySoon());
    // Set on the raw response so it survives a handler that takes the socket over (SSE, MCP).
    reply.raw.setHeader('X-Request-Id', req.id);
    if (req.url.includes('%00') || req.url.includes('\u0000')) {
      return done(ApiError.badRequest('The URL must not contain NUL characters'));
    }
    if (req.url === '/metrics' || req.url.startsWith('/metrics?')) return done(checkMetrics(req));
    done();
  });
  app.useGlobalFilters(new AllExceptionsFilter(allowedMethods));
  app.enableShutdownHooks();
}

export type AllowedMethods = (path: string) => string[];

/** Bull Board's JSON bodies (job data edits), at most BODY_LIMIT_BYTES like the API's. */
function readJsonStream(payload: NodeJS.ReadableStream, done: (err: Error | null, body?: unknown) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= BODY_LIMIT_BYTES) chunks.push(chunk);
  });
  payload.on('error', (err: Error) => done(err));
  payload.on('end', () => {
    if (size > BODY_LIMIT_BYTES) return done(new ApiError(413, 'Request body exceeds 1 MB'));
    try {
      done(null, size === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      done(ApiError.badRequest('Malformed JSON in request body'));
    }
  });
}

/**
 * Takes the socket over from Fastify for a handler that writes the raw response itself (MCP's
 * transport): the headers set so far (security, rate limit, request id) go with it.
 */
export function takeOverResponse(reply: FastifyReply): ServerResponse {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  return reply.raw;
}
