import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** Takes a sane incoming X-Request-Id or makes one; echoed in the response and error bodies. */
export function requestIdMiddleware(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
}
