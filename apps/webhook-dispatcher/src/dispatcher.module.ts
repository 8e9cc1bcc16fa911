import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BullRootModule, ConfigModule, SecretBox, WebhookSender } from '@app/common';
import { QueueName } from '@app/contracts';
import { DbModule, DeliveryQueue, HealthController } from '@app/db';
import { DeliveryService } from './delivery/delivery.service';
import { DeliveryWorker } from './delivery/delivery.worker';
import { EndpointLimiter } from './delivery/endpoint-limiter';
import { FanOutService } from './fan-out/fan-out.service';
import { FanOutWorker } from './fan-out/fan-out.worker';
import { DispatchReconciler } from './reconciler/dispatch-reconciler.service';

@Module({
  imports: [
    ConfigModule,
    DbModule,
    BullRootModule,
    BullModule.registerQueue({ name: QueueName.CallEngine }, { name: QueueName.DomainEvents }, { name: QueueName.WebhookDeliveries }),
  ],
  controllers: [HealthController],
  providers: [
    FanOutWorker, FanOutService, DeliveryWorker, DeliveryService, DeliveryQueue, EndpointLimiter, DispatchReconciler, SecretBox, WebhookSender,
  ],
})
export class DispatcherModule {}
