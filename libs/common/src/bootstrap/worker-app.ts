import type { INestApplication } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { requestIdMiddleware } from '../http/request-id';

/**
 * The call-engine and webhook-dispatcher are queue workers that also listen on a port of their
 * own for /health (and later /metrics), so operators can probe and scale them independently.
 */
export async function listenForOperators(app: INestApplication, port: number, name: string): Promise<void> {
  app.use(requestIdMiddleware);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  await app.listen(port, '0.0.0.0');
  app.get(Logger).log(`${name} up; health on http://127.0.0.1:${port}/health/ready`);
}
