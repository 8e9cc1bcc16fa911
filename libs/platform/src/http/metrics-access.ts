import type { IncomingHttpHeaders } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../errors/api-error';
import { sameText } from '../crypto/same-text';

/**
 * /metrics of every app (gateway, engine, dispatcher): only with `Authorization: Bearer
 * <METRICS_TOKEN>`, and not served at all without one configured. Health stays open to probes.
 * Answers the refusal, or undefined to let the request through.
 */
export function metricsAccess(config: Pick<AppConfig, 'METRICS_TOKEN'>) {
  const token = config.METRICS_TOKEN;
  return (req: { headers: IncomingHttpHeaders }): ApiError | undefined => {
    if (!token) return new ApiError(404, 'Metrics are not served; set METRICS_TOKEN to scrape them');
    if (!sameText(req.headers.authorization, `Bearer ${token}`)) {
      return ApiError.unauthorized('Metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    return undefined;
  };
}
