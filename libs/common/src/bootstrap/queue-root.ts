import { BullModule } from '@nestjs/bullmq';
import { AppConfig } from '../config/app-config';
import { bullConnection } from '../redis/redis-options';

/** BullMQ's root connection for every app: REDIS_URL, keys under QUEUE_PREFIX. */
export const BullRootModule = BullModule.forRootAsync({
  inject: [AppConfig],
  useFactory: (config: AppConfig) => ({ connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
});
