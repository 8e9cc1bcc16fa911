import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import {
  AllExceptionsFilter,
  AppConfig,
  BODY_LIMIT_BYTES,
  metricsAccess,
  refuseNulUrls,
  requestIdMiddleware,
} from '@app/platform';
import { boardOperatorAccess } from '@app/ops';
import { serveOpenApi } from './openapi/openapi';
import { readSessionCookie } from './people/session-cookie';
import { consoleFiles } from './security/console-files';
import { securityHeaders } from './security/security-headers';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/** Methods registered for a path, so a wrong method answers 405 with Allow instead of 404. */
function allowedMethods(app: NestExpressApplication): (path: string) => string[] {
  return (path) => {
    const stack: RouteLayer[] = (app.getHttpAdapter().getInstance() as unknown as { router: { stack: RouteLayer[] } })
      .router.stack;
    const methods = stack
      // Wildcard routes are middleware mounted for every path (metrics), not endpoints.
      .filter((layer) => layer.route && !layer.route.path.includes('*') && layer.match(path))
      .flatMap((layer) => Object.keys(layer.route!.methods).filter((m) => layer.route!.methods[m] && m !== '_all'));
    return [...new Set(methods.map((m) => m.toUpperCase()))];
  };
}

/** Everything main.ts and the e2e suites both need, so tests drive the gateway as it ships. */
export function configureGateway(app: INestApplication): INestApplication {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.set('query parser', 'simple');
  const config = express.get(AppConfig);
  if (config.TRUST_PROXY) {
    const hops = Number(config.TRUST_PROXY);
    const list = config.TRUST_PROXY.split(',').map((s) => s.trim());
    express.set('trust proxy', config.TRUST_PROXY === 'true' || (Number.isInteger(hops) ? hops : list));
  }
  express.use(securityHeaders);
  express.use(requestIdMiddleware);
  express.use('/metrics', metricsAccess(config));
  express.use(
    '/admin/queues',
    boardOperatorAccess(config, (req) => readSessionCookie(config, req.headers.cookie) !== undefined),
  );
  // Board edits (job data) are JSON; the board is behind the operators' credentials above.
  express.use('/admin/queues', json({ limit: BODY_LIMIT_BYTES }));
  express.use(consoleFiles());
  // API bodies are read after authentication, by RequestBodyInterceptor (app.module).
  express.use(refuseNulUrls);
  express.useGlobalFilters(new AllExceptionsFilter(allowedMethods(express)));
  express.enableShutdownHooks();
  serveOpenApi(express);
  return app;
}
