import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../errors/api-error';
import { sameText } from '../crypto/same-text';

/**
 * /metrics of every app (gateway, engine, dispatcher): only with `Authorization: Bearer
 * <METRICS_TOKEN>`, and not served at all without one configured. Health stays open to probes.
 */
export function metricsAccess(config: AppConfig) {
  const token = config.METRICS_TOKEN;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!token) return next(new ApiError(404, 'Metrics are not served; set METRICS_TOKEN to scrape them'));
    if (!sameText(req.headers.authorization, `Bearer ${token}`)) {
      return next(ApiError.unauthorized('Metrics need Authorization: Bearer <METRICS_TOKEN>'));
    }
    next();
  };
}
