import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@app/platform/http';
import { pathOf } from '@app/platform';

/** Paths of the API and operator pages: never answered with the console's page. */
const NOT_CONSOLE = /^\/(api|mcp|docs|openapi\.json|admin|health|metrics)(\/|$)/;

/**
 * The console (apps/console, built by `npm run build` into dist/console) at /: its files, and
 * its page for any other browser navigation (routes live in the URL's hash). Absent build, no
 * console: / answers the JSON 404 like any unknown path. Asset names carry a content hash, so
 * they are cached for a year (immutable); the page itself is re-read after every deploy. Files are
 * sent brotli- or gzip-compressed from the copies the build wrote beside them.
 */
export function serveConsole(app: NestFastifyApplication, dir = join(process.cwd(), 'dist/console')): void {
  if (!existsSync(join(dir, 'index.html'))) return;
  const fastify = app.getHttpAdapter().getInstance();
  void fastify.register(fastifyStatic, { root: dir, serve: false, preCompressed: true });
  fastify.addHook('onRequest', (req, reply, done) => {
    const path = pathOf(req);
    if (NOT_CONSOLE.test(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return done();
    if (path.startsWith('/assets/')) {
      return void reply.sendFile(path.slice(1), dir, { maxAge: '365d', immutable: true });
    }
    if (path !== '/' && !wantsPage(String(req.headers.accept ?? ''))) return done();
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html', dir, { cacheControl: false });
  });
}

/** A browser navigation (or a client that takes anything) rather than an API client asking for JSON. */
function wantsPage(accept: string): boolean {
  if (accept === '' || accept.includes('text/html')) return true;
  return !accept.includes('application/json') && accept.includes('*/*');
}
