import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '@app/platform';
import { boundShutdown, httpAdapter, type NestFastifyApplication } from '@app/platform/http';
import { AppModule } from './app.module';
import { configureGateway } from './configure-gateway';

async function bootstrap(): Promise<void> {
  // Nest's own body parsers are off: ours answers the contract's 400/413 after authentication.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, httpAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  configureGateway(app);
  const config = app.get(AppConfig);
  boundShutdown(config.SHUTDOWN_TIMEOUT_MS);
  await app.listen(config.PORT, '0.0.0.0');
  app.get(Logger).log({ port: config.PORT, msg: 'api-gateway listening' });
}

void bootstrap();
