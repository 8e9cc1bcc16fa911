import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BullRootModule, ConfigModule } from '@app/common';
import { QueueName } from '@app/contracts';
import { DbModule, HealthController } from '@app/db';
import { FanOutWorker } from './fan-out/fan-out.worker';

@Module({
  imports: [
    ConfigModule,
    DbModule,
    BullRootModule,
    BullModule.registerQueue({ name: QueueName.CallEngine }, { name: QueueName.DomainEvents }),
  ],
  controllers: [HealthController],
  providers: [FanOutWorker],
})
export class DispatcherModule {}
