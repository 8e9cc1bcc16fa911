import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { DeliveryQueue, WebhookDeliveriesRepository } from '@app/webhooks';

/** An event becomes one WebhookDelivery per subscribed webhook, stored before anything is sent. */
@Injectable()
export class FanOutService {
  private readonly logger = new Logger(FanOutService.name);

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: DeliveryQueue,
    private readonly config: AppConfig,
  ) {}

  async fanOut(eventId: string, requestId?: string): Promise<void> {
    const {
      pending,
      requestId: callRequestId,
      callId,
    } = await this.deliveries.fanOut(eventId, this.config.WEBHOOK_MAX_ATTEMPTS);
    const rid = requestId ?? callRequestId ?? undefined;
    this.logger.log({
      requestId: rid,
      eventId,
      callId,
      deliveries: pending.length,
      msg: `event ${eventId}: ${pending.length} delivery(ies) to send`,
    });
    await this.queue.enqueue(pending, rid);
  }
}
