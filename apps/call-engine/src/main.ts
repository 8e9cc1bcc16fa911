import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig, httpAdapter, listenForOperators, type NestFastifyApplication } from '@app/platform';
import { EngineModule } from './engine.module';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(EngineModule, httpAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  await listenForOperators(app, app.get(AppConfig).ENGINE_PORT, 'call-engine');
}

void bootstrap();
