import { BullModule } from '@nestjs/bullmq';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { JobQueues } from './job-queues';
import { ALL_QUEUES } from './jobs';
import { bullConnection, closeBullConnections, queuePrefix } from './redis-connection';

/**
 * BullMQ for an app: REDIS_URL (or REDIS_CLUSTER_NODES), every queue of the table under its own
 * hash-tagged prefix (see queuePrefix), the producer.
 */
@Module({
  imports: [
    BullModule.registerQueueAsync(
      ...ALL_QUEUES.map((name) => ({
        name,
        inject: [AppConfig],
        useFactory: (config: AppConfig) => ({
          connection: bullConnection(config, 'producer'),
          prefix: queuePrefix(config, name),
        }),
      })),
    ),
  ],
  providers: [JobQueues],
  exports: [JobQueues, BullModule],
})
export class QueuesModule implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    closeBullConnections();
  }
}
