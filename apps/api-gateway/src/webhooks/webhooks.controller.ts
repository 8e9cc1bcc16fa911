import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CreateWebhookDto, DeliveryListQuery, PageQuery, RecoverDeliveriesDto, UpdateWebhookDto } from '@app/contracts';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksService } from './webhooks.service';

/** Spec 4.6 plus read, update and remove. Webhooks are settings: admins and owners only. */
@Controller('api/core/webhook')
@RequireRole('admin')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Post()
  create(@Auth() auth: RequestAuth, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(auth, dto);
  }

  @Get('list')
  list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    return this.webhooks.list(auth.workspaceId, query);
  }

  @Get(':webhookId')
  get(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string) {
    return this.webhooks.get(auth.workspaceId, webhookId);
  }

  @Patch(':webhookId')
  async update(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Body() dto: UpdateWebhookDto) {
    const { record, resumed } = await this.webhooks.update(auth, webhookId, dto);
    if (resumed) await this.deliveries.resume(webhookId);
    return record;
  }

  @Delete(':webhookId')
  @HttpCode(204)
  async remove(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string): Promise<void> {
    await this.webhooks.remove(auth.workspaceId, webhookId);
  }

  // ---- delivery log ----

  @Get(':webhookId/deliveries')
  listDeliveries(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Query() query: DeliveryListQuery) {
    return this.deliveries.list(auth.workspaceId, webhookId, query);
  }

  @Get(':webhookId/deliveries/:deliveryId')
  getDelivery(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Param('deliveryId') deliveryId: string) {
    return this.deliveries.get(auth.workspaceId, webhookId, deliveryId);
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @HttpCode(202)
  retry(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Param('deliveryId') deliveryId: string) {
    return this.deliveries.retry(auth.workspaceId, webhookId, deliveryId);
  }

  @Post(':webhookId/recover')
  @HttpCode(202)
  recover(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Body() dto: RecoverDeliveriesDto) {
    return this.deliveries.recover(auth.workspaceId, webhookId, new Date(dto.since));
  }

  @Post(':webhookId/test')
  @HttpCode(200)
  test(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string) {
    return this.deliveries.test(auth.workspaceId, webhookId);
  }
}
