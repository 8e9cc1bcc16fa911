import { Module } from '@nestjs/common';
import { DbModule } from '@app/db';
import { OpsModule } from '@app/ops';
import { ConfigModule, LoggingModule, SecretsModule } from '@app/platform';
import { QueuesModule } from '@app/queues';
import { WebhooksDataModule } from '@app/webhooks';
import { DeliveryConsumer } from './delivery/delivery.consumer';
import { DeliveryService } from './delivery/delivery.service';
import { EndpointLimiter } from './delivery/endpoint-limiter';
import { FirstAttempts } from './delivery/first-attempts';
import { WebhookCache } from './delivery/webhook-cache';
import { FanOutConsumer } from './fan-out/fan-out.consumer';
import { FanOutService } from './fan-out/fan-out.service';
import { DispatchReconciler } from './reconciler/dispatch-reconciler.service';

@Module({
  imports: [ConfigModule, LoggingModule, SecretsModule, DbModule, QueuesModule, OpsModule, WebhooksDataModule],
  providers: [
    FanOutConsumer,
    FanOutService,
    DeliveryConsumer,
    DeliveryService,
    EndpointLimiter,
    FirstAttempts,
    WebhookCache,
    DispatchReconciler,
  ],
})
export class DispatcherModule {}
