import { Logger } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { configureHttp, type NestFastifyApplication } from '../http/fastify';

/**
 * Graceful shutdown with a bound: on SIGTERM/SIGINT Nest stops taking work and closes the HTTP
 * server, queue workers (after their active jobs) and connections; if that takes longer than
 * timeoutMs the process exits anyway. Work cut short is re-derived from PostgreSQL later.
 */
export function boundShutdown(timeoutMs: number): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs).unref();
    });
  }
}

/**
 * The call-engine and webhook-dispatcher are queue workers that also listen on a port of their
 * own for /health and /metrics, so operators can probe and scale them independently. /metrics
 * needs the METRICS_TOKEN, as on the gateway (it names queues, routes and workload).
 */
export async function listenForOperators(app: NestFastifyApplication, port: number, name: string): Promise<void> {
  configureHttp(app, app.get(AppConfig));
  boundShutdown(app.get(AppConfig).SHUTDOWN_TIMEOUT_MS);
  await app.listen(port, '0.0.0.0');
  app.get(Logger).log({ app: name, port, msg: 'up; health on /health/ready' });
}
