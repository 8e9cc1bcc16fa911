import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig, boundShutdown } from '@app/platform';
import { AppModule } from './app.module';
import { configureGateway } from './configure-gateway';

async function bootstrap(): Promise<void> {
  // Nest's own JSON parser is off: ours answers the contract's 400/413 (libs/platform/src/http).
  const app = await NestFactory.create(AppModule, { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(Logger));
  configureGateway(app);
  const config = app.get(AppConfig);
  boundShutdown(config.SHUTDOWN_TIMEOUT_MS);
  // Idle keep-alive connections stay open 65 s, past the 60 s idle timeout of common load balancers and
  // clients (Node's 5 s default made a client that paused 5 s reuse a socket the server was closing).
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await app.listen(config.PORT, '0.0.0.0');
  app.get(Logger).log({ port: config.PORT, msg: 'api-gateway listening' });
}

void bootstrap();
