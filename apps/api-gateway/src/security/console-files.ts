import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths of the API and operator pages: never answered with the console's page. */
const NOT_CONSOLE = /^\/(api|mcp|docs|openapi\.json|admin|health|metrics)(\/|$)/;

/**
 * The console (apps/console, built by `npm run build` into dist/console) at /: its files, and
 * its page for any other browser navigation (routes live in the URL's hash). Absent build, no
 * console: / answers the JSON 404 like any unknown path.
 */
export function consoleFiles(dir = join(process.cwd(), 'dist/console')) {
  if (!existsSync(join(dir, 'index.html'))) return (_req: Request, _res: Response, next: NextFunction) => next();
  const files = express.static(dir, { index: 'index.html', maxAge: '1h', setHeaders: noCacheForPage });
  return (req: Request, res: Response, next: NextFunction) => {
    if (NOT_CONSOLE.test(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (req.path === '/' || req.path.startsWith('/assets/')) return files(req, res, next);
    if (req.accepts(['html', 'json']) !== 'html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(dir, 'index.html'));
  };
}

// Asset names carry a content hash; the page itself must be re-read after a deploy.
function noCacheForPage(res: Response, path: string): void {
  if (path.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
}
