import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { SecretBox, WebhookSender } from '@app/common';
import { QueueName } from '@app/contracts';
import { DeliveryQueue } from '@app/db';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.WebhookDeliveries })],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveriesService, DeliveryQueue, SecretBox, WebhookSender],
})
export class WebhooksModule {}
