import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BullRootModule, ConfigModule, LoggingModule, SecretBox, WebhookSender } from '@app/common';
import { QueueName } from '@app/contracts';
import { DbModule, DeliveryQueue, OpsModule } from '@app/db';
import { DeliveryService } from './delivery/delivery.service';
import { DeliveryWorker } from './delivery/delivery.worker';
import { EndpointLimiter } from './delivery/endpoint-limiter';
import { WebhookCache } from './delivery/webhook-cache';
import { FanOutService } from './fan-out/fan-out.service';
import { FanOutWorker } from './fan-out/fan-out.worker';
import { DispatchReconciler } from './reconciler/dispatch-reconciler.service';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DbModule,
    OpsModule,
    BullRootModule,
    BullModule.registerQueue({ name: QueueName.CallEngine }, { name: QueueName.DomainEvents }, { name: QueueName.WebhookDeliveries }),
  ],
  providers: [
    FanOutWorker, FanOutService, DeliveryWorker, DeliveryService, DeliveryQueue, EndpointLimiter, WebhookCache, DispatchReconciler, SecretBox, WebhookSender,
  ],
})
export class DispatcherModule {}
