import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/common';
import { DeliveryQueue, WebhookDeliveriesRepository } from '@app/db';

/** An event becomes one WebhookDelivery per subscribed webhook, stored before anything is sent. */
@Injectable()
export class FanOutService {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: DeliveryQueue,
    private readonly config: AppConfig,
  ) {}

  async fanOut(eventId: string, requestId?: string): Promise<void> {
    const pending = await this.deliveries.fanOut(eventId, this.config.WEBHOOK_MAX_ATTEMPTS);
    await this.queue.enqueue(pending, this.config.WEBHOOK_MAX_ATTEMPTS, requestId);
  }
}
