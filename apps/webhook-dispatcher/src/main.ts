import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '@app/platform';
import { httpAdapter, type NestFastifyApplication, listenForOperators } from '@app/platform/http';
import { DispatcherModule } from './dispatcher.module';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(DispatcherModule, httpAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  await listenForOperators(app, app.get(AppConfig).DISPATCHER_PORT, 'webhook-dispatcher');
}

void bootstrap();
