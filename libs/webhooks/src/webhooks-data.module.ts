import { Global, Module } from '@nestjs/common';
import { SecretBox } from '@app/platform';
import { DeliveryQueue } from './delivery/delivery-queue';
import { WebhookDeliveriesRepository } from './delivery/webhook-deliveries.repository';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhooksRepository } from './webhooks.repository';

const providers = [WebhooksRepository, WebhookDeliveriesRepository, DeliveryQueue, WebhookSender, SecretBox];

/** Webhooks and their deliveries: storage, the delivery queue, signing and sending. */
@Global()
@Module({ providers, exports: providers })
export class WebhooksDataModule {}
