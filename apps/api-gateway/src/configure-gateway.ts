import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { INestApplication } from '@nestjs/common';
import { AllExceptionsFilter, AppConfig } from '@app/platform';
import { configureHttp, type NestFastifyApplication } from '@app/platform/http';
import { boardOperatorAccess, isBoardUrl } from '@app/ops';
import { serveOpenApi } from './openapi/openapi';
import { readSessionCookie } from './people/session-cookie';
import { serveConsole } from './security/console-files';
import { securityHeaders } from './security/security-headers';

export interface GatewayRoute {
  method: string;
  url: string;
}
const routesOf = new WeakMap<object, GatewayRoute[]>();

/** The routes the gateway registered (its API, the board's, the documentation's), in order. */
export function gatewayRoutes(app: INestApplication): GatewayRoute[] {
  return routesOf.get((app as NestFastifyApplication).getHttpAdapter().getInstance()) ?? [];
}

/**
 * Every route as it is registered, into a router of our own that only answers "which methods
 * match this path", so a wrong method answers 405 with Allow instead of 404.
 */
function trackRoutes(app: NestFastifyApplication): (path: string) => string[] {
  const routes: GatewayRoute[] = [];
  routesOf.set(app.getHttpAdapter().getInstance(), routes);
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 500 });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      for (const method of [route.method].flat() as HTTPMethod[]) {
        // Fastify adds a HEAD route beside each GET: it is not an endpoint of its own.
        if (method === 'HEAD' && routes.some((r) => r.url === url)) continue;
        routes.push({ method, url });
        if (!router.hasRoute(method, url)) router.on(method, url, () => undefined);
      }
    });
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  return (path) => methods.filter((m) => router.find(m, path) !== null);
}

/** Everything main.ts and the e2e suites both need, so tests drive the gateway as it ships. */
export function configureGateway(app: INestApplication): INestApplication {
  const gateway = app as NestFastifyApplication;
  const config = gateway.get(AppConfig);
  // Bull Board's own routes take JSON edits: their bodies are parsed for them (behind the operators' check).
  configureHttp(gateway, config, { allowedMethods: trackRoutes(gateway), parsesJson: isBoardUrl });
  const fastify = gateway.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', securityHeaders);
  const boardAccess = boardOperatorAccess(config, (req) => readSessionCookie(config, req.headers.cookie) !== undefined);
  // The board's routes answer their errors themselves: a refusal is answered here, in our error body.
  const errors = new AllExceptionsFilter();
  fastify.addHook('onRequest', (req, reply, done) => {
    const refusal = isBoardUrl(req.url) ? boardAccess(req) : undefined;
    if (!refusal) return done();
    errors.answer(refusal, req, reply);
  });
  serveConsole(gateway);
  serveOpenApi(gateway);
  return app;
}
