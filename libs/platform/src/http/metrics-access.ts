import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * /metrics of every app (gateway, engine, dispatcher): only with `Authorization: Bearer
 * <METRICS_TOKEN>`, and not served at all without one configured. Health stays open to probes.
 */
export function metricsAccess(config: AppConfig) {
  const expected = config.METRICS_TOKEN ? digest(`Bearer ${config.METRICS_TOKEN}`) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!expected) {
      res.status(404).json({ code: 404, message: 'Metrics are not served; set METRICS_TOKEN to scrape them' });
    } else if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.status(401).json({ code: 401, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
    } else {
      next();
    }
  };
}
