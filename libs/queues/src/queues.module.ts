import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { JobQueues } from './job-queues';
import { ALL_QUEUES } from './jobs';
import { bullConnection } from './redis-connection';

/** BullMQ for an app: REDIS_URL, keys under QUEUE_PREFIX, every queue of the table, the producer. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: bullConnection(config.REDIS_URL),
        prefix: config.QUEUE_PREFIX,
      }),
    }),
    BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
  ],
  providers: [JobQueues],
  exports: [JobQueues, BullModule],
})
export class QueuesModule {}
