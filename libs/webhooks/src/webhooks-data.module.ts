import { Module } from '@nestjs/common';
import { QueuesModule } from '@app/queues';
import { DeliveryQueue } from './delivery/delivery-queue';
import { DeliveryLogRepository } from './delivery/delivery-log.repository';
import { WebhookDeliveriesRepository } from './delivery/webhook-deliveries.repository';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhooksRepository } from './webhooks.repository';

const providers = [
  WebhooksRepository,
  WebhookDeliveriesRepository,
  DeliveryLogRepository,
  DeliveryQueue,
  WebhookSender,
];

/** Webhooks and their deliveries: storage, the delivery queue, signing and sending. */
@Module({ imports: [QueuesModule], providers, exports: providers })
export class WebhooksDataModule {}
