import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { BullRootModule } from '@app/common';
import { QueueName } from '@app/contracts';
import { CallEngineClient } from './call-engine.client';

/** The gateway only produces jobs: for the call-engine. */
@Global()
@Module({
  imports: [
    BullRootModule,
    BullModule.registerQueue({ name: QueueName.CallEngine }),
  ],
  providers: [CallEngineClient],
  exports: [CallEngineClient, BullModule],
})
export class QueuesModule {}
