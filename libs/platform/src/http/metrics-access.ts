import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../errors/api-error';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * /metrics of every app (gateway, engine, dispatcher): only with `Authorization: Bearer
 * <METRICS_TOKEN>`, and not served at all without one configured. Health stays open to probes.
 */
export function metricsAccess(config: AppConfig) {
  const expected = config.METRICS_TOKEN ? digest(`Bearer ${config.METRICS_TOKEN}`) : null;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!expected) return next(new ApiError(404, 'Metrics are not served; set METRICS_TOKEN to scrape them'));
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return next(ApiError.unauthorized('Metrics need Authorization: Bearer <METRICS_TOKEN>'));
    }
    next();
  };
}
