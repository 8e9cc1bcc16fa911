import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter, AppConfig, jsonBodyMiddleware, requestIdMiddleware } from '@app/platform';
import { PeopleRepository } from '@app/workspaces';
import { serveOpenApi } from './openapi/openapi';
import { consoleFiles } from './security/console-files';
import { boardSessionAccess, metricsAccess } from './security/operator-access';
import { securityHeaders } from './security/security-headers';
import { csvRecipientsMiddleware } from './campaigns/csv-recipients';

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
  express.use(securityHeaders);
  express.use(requestIdMiddleware);
  express.use('/metrics', metricsAccess(config));
  express.use('/admin/queues', boardSessionAccess(config, express.get(PeopleRepository)));
  express.use(consoleFiles());
  express.use(csvRecipientsMiddleware);
  express.use(jsonBodyMiddleware);
  express.useGlobalFilters(new AllExceptionsFilter(allowedMethods(express)));
  express.enableShutdownHooks();
  serveOpenApi(express);
  return app;
}
