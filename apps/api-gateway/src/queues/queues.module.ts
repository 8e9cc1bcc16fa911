import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig, bullConnection } from '@app/common';
import { QueueName } from '@app/contracts';
import { CallEngineClient } from './call-engine.client';

/** The gateway only produces jobs: for the call-engine. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
    }),
    BullModule.registerQueue({ name: QueueName.CallEngine }),
  ],
  providers: [CallEngineClient],
  exports: [CallEngineClient, BullModule],
})
export class QueuesModule {}
