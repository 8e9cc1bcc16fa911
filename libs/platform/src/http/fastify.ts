import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compile as compileTrust } from '@fastify/proxy-addr';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { ApiError } from '../errors/api-error';
import { logAccess } from '../logging/logging.module';
import type { AppConfig } from '../config/app-config';
import { readJsonBody } from './json-body';
import { metricsAccess } from './metrics-access';

export type { FastifyReply, FastifyRequest, NestFastifyApplication };

/** A sane incoming X-Request-Id, or a new one; echoed in the response, error bodies and log lines. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
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

export interface HttpOptions {
  /** Turns unknown-route 404s into 405s when the path exists under another method. */
  allowedMethods?: (path: string) => string[];
  /** Routes outside the API whose JSON bodies are parsed before their handler (Bull Board's). */
  parsesJson?: (url: string) => boolean;
}

/**
 * Settings every app shares: no body is read before authentication (RequestBodyGuard reads
 * API bodies), the request id on every answer and in its access log line, NUL characters refused
 * in URLs (PostgreSQL text cannot hold them), /metrics behind METRICS_TOKEN, and every error
 * answered {code, message, requestId} by one filter.
 */
export function configureHttp(app: NestFastifyApplication, config: AppConfig, options: HttpOptions = {}): void {
  const fastify = app.getHttpAdapter().getInstance();
  const trust = trustRules.get(fastify);
  if (trust) trust.rule = trustProxyRule(config.TRUST_PROXY);
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (req, _payload, done) => {
    if (!options.parsesJson?.(req.url) || !/json/.test(String(req.headers['content-type']))) {
      return done(null, undefined);
    }
    readJsonBody(req.raw).then((body) => done(null, body), done);
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
  fastify.addHook('onResponse', (req, reply, done) => {
    if (closing) req.raw.socket?.destroySoon();
    logAccess(req, reply.statusCode, reply.elapsedTime);
    done();
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    // Set on the raw response so it survives a handler that takes the socket over (SSE, MCP).
    reply.raw.setHeader('X-Request-Id', req.id);
    if (req.url.includes('%00') || req.url.includes('\u0000')) {
      return done(ApiError.badRequest('The URL must not contain NUL characters'));
    }
    if (req.url === '/metrics' || req.url.startsWith('/metrics?')) return done(checkMetrics(req));
    done();
  });
  app.useGlobalFilters(new AllExceptionsFilter(options.allowedMethods));
  app.enableShutdownHooks();
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
