import type { IncomingMessage } from 'node:http';
import { Global, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
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
 * Structured JSON logs (pino) for every app. The gateway's request id (X-Request-Id) is the log
 * line's reqId, travels with the work into jobs and events, and is logged as requestId there.
 * Lines go to stdout asynchronously (no synchronous write per request on the hot path); pino
 * flushes what is buffered when the process exits.
 */
function loggerModule(perRequest: boolean) {
  return LoggerModule.forRootAsync({
    inject: [AppConfig],
    useFactory: (config: AppConfig) => ({
      // nestjs-pino's default route pattern matches nothing under Fastify's middleware: every path
      forRoutes: [{ path: '*path', method: RequestMethod.ALL }],
      // A worker's HTTP is /health and /metrics, never logged: no request logger for them. Binding one
      // runs the request in an AsyncLocalStorage, and on Node 20 its first run turns on promise hooks
      // for the life of the process (5-8% of the dispatcher's deliveries/s).
      ...(perRequest ? {} : { exclude: [{ path: '*path', method: RequestMethod.ALL }] }),
      pinoHttp: [
        {
          level: config.LOG_LEVEL,
          genReqId: (req: IncomingMessage & { id?: string }) => req.id ?? '',
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          autoLogging: {
            ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') || req.url === '/metrics',
          },
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
            }),
          },
        },
        destination({ dest: 1, sync: false }),
      ],
    }),
  });
}

/** The gateway's logging: each request's lines carry its id. */
@Global()
@Module({ imports: [loggerModule(true)] })
export class LoggingModule {}

/** The call-engine's and webhook-dispatcher's logging: their work comes from queues, not requests. */
@Global()
@Module({ imports: [loggerModule(false)] })
export class WorkerLoggingModule {}
