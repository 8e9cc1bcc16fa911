import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { DeliveryQueue, WebhookDeliveriesRepository } from '@app/webhooks';
import { FirstAttempts } from '../delivery/first-attempts';

/** An event becomes one WebhookDelivery per subscribed webhook, stored before anything is sent. */
@Injectable()
export class FanOutService {
  private readonly logger = new Logger(FanOutService.name);

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: DeliveryQueue,
    private readonly firstAttempts: FirstAttempts,
    private readonly config: AppConfig,
  ) {}

  /**
   * sendFirst: make the first attempts of the new deliveries here (FirstAttempts); else (the
   * reconciler, which must not wait on receivers) they all go to the deliveries queue.
   */
  async fanOut(eventId: string, requestId?: string, sendFirst = true): Promise<void> {
    const startedAt = Date.now();
    const fanOut = await this.deliveries.fanOut(eventId, this.config.WEBHOOK_MAX_ATTEMPTS);
    const { pending, callId } = fanOut;
    const rid = requestId ?? fanOut.requestId ?? undefined;
    this.logger.log({
      requestId: rid,
      eventId,
      callId,
      deliveries: pending.length,
      msg: `event ${eventId}: ${pending.length} delivery(ies) to send`,
    });
    if (sendFirst) await this.firstAttempts.run(fanOut, startedAt, rid);
    else await this.queue.enqueue(pending, rid);
  }
}
