import { Global, Module } from '@nestjs/common';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import { destination } from 'pino';
import { AppConfig } from '../config/app-config';

/** Paths pino blanks in every log line: credentials never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.apiKey',
  '*.key',
  '*.secret',
  '*.rawKey',
  '*.authorization',
  'req.headers["x-csrf-token"]',
  '*.password',
  '*.passwordHash',
  '*.currentPassword',
  '*.newPassword',
  '*.csrfToken',
  '*.token',
];

/**
 * The access line of a request, written once its answer has gone (configureHttp's onResponse hook):
 * the request id, method and URL, the status (not the headers: the same security headers on every
 * answer) and the time taken in ms. /health and /metrics, probed all day, are not logged. Nothing is
 * built per request below `info` (no child logger per request, as pino-http makes).
 */
export function logAccess(req: { id: string; method: string; url: string }, statusCode: number, ms: number): void {
  const root = PinoLogger.root;
  if (!root?.isLevelEnabled('info') || req.url.startsWith('/health') || req.url === '/metrics') return;
  root.info(
    { req: { id: req.id, method: req.method, url: req.url }, res: { statusCode }, responseTime: Math.round(ms) },
    statusCode >= 500 ? 'request errored' : 'request completed',
  );
}

/**
 * Structured JSON logs (pino) for every app. The gateway's request id (X-Request-Id) is the log
 * line's reqId, travels with the work into jobs and events, and is logged as requestId there.
 * Lines go to stdout asynchronously (no synchronous write per request on the hot path); pino
 * flushes what is buffered when the process exits.
 *
 * The access line is written by a Fastify hook (configureHttp), not by nestjs-pino's middleware,
 * which also runs each request in an AsyncLocalStorage to bind its logger: on Node 20 that turns on
 * promise hooks for the life of the process, a cost on every promise (10-20% of the gateway's
 * requests/s, 5-8% of the dispatcher's deliveries/s). A line logged while serving a request names
 * the request itself (reqId or requestId) where it matters.
 */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // no route gets nestjs-pino's middleware: Nest would run it (or its exclusion check) on each request
        forRoutes: [],
        pinoHttp: [
          { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
          destination({ dest: 1, sync: false }),
        ],
      }),
    }),
  ],
})
export class LoggingModule {}
