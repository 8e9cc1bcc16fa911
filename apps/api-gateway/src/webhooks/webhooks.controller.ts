import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { PageQuery } from '@app/platform';
import {
  CreateWebhookDto,
  DeliveryDetail,
  DeliveryList,
  DeliveryListQuery,
  RecoverDeliveriesDto,
  RecoverResult,
  TestDeliveryResult,
  UpdateWebhookDto,
  WebhookCreated,
  WebhookList,
  WebhookRecord,
} from '@app/webhooks';
import { AuditRepository } from '@app/workspaces';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksService } from './webhooks.service';

/** Spec 4.6 plus read, update and remove. Webhooks are settings: admins and owners only. */
@ApiTags('webhooks')
@ApiBearerAuth('apiKey')
@Controller('api/core/webhook')
@RequireRole('admin')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
    private readonly audit: AuditRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Register a webhook (spec 4.6)',
    description: 'Answers the signing secret once. Role: admin.',
  })
  @ApiAnswer(201, WebhookCreated)
  @ApiErrors(400, 403, 413, 422)
  async create(@Auth() auth: RequestAuth, @Body() dto: CreateWebhookDto) {
    const created = await this.webhooks.create(auth, dto);
    await this.audit.record(auth, 'webhook.created', { type: 'webhook', id: created.webhookId }, { url: dto.url });
    return created;
  }

  @Get('list')
  @ApiOperation({ summary: 'List webhooks' })
  @ApiAnswer(200, WebhookList)
  @ApiErrors(400, 403)
  list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    return this.webhooks.list(auth.workspaceId, query);
  }

  @Get(':webhookId')
  @ApiOperation({ summary: 'Read a webhook' })
  @ApiAnswer(200, WebhookRecord)
  @ApiErrors(403, 404)
  get(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string) {
    return this.webhooks.get(auth.workspaceId, webhookId);
  }

  @Patch(':webhookId')
  @ApiOperation({
    summary: 'Update a webhook',
    description: 'The updating key becomes the one deliveries carry; enabling resumes pending deliveries.',
  })
  @ApiAnswer(200, WebhookRecord)
  @ApiErrors(400, 403, 404, 413, 422)
  async update(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Body() dto: UpdateWebhookDto) {
    const { record, resumed } = await this.webhooks.update(auth, webhookId, dto);
    if (resumed) await this.deliveries.resume(webhookId);
    await this.audit.record(auth, 'webhook.updated', { type: 'webhook', id: webhookId }, { ...dto });
    return record;
  }

  @Delete(':webhookId')
  @ApiOperation({ summary: 'Remove a webhook' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  @HttpCode(204)
  async remove(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string): Promise<void> {
    await this.webhooks.remove(auth.workspaceId, webhookId);
    await this.audit.record(auth, 'webhook.deleted', { type: 'webhook', id: webhookId });
  }

  // ---- delivery log ----

  @Get(':webhookId/deliveries')
  @ApiOperation({ summary: "A webhook's delivery log, newest first" })
  @ApiAnswer(200, DeliveryList)
  @ApiErrors(400, 403, 404)
  listDeliveries(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Query() query: DeliveryListQuery) {
    return this.deliveries.list(auth.workspaceId, webhookId, query);
  }

  @Get(':webhookId/deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery with its payload and attempts' })
  @ApiAnswer(200, DeliveryDetail)
  @ApiErrors(403, 404)
  getDelivery(
    @Auth() auth: RequestAuth,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ) {
    return this.deliveries.get(auth.workspaceId, webhookId, deliveryId);
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @ApiOperation({ summary: 'Send a delivery again (same deliveryId)' })
  @ApiAnswer(202, DeliveryDetail)
  @ApiErrors(403, 404)
  @HttpCode(202)
  retry(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Param('deliveryId') deliveryId: string) {
    return this.deliveries.retry(auth.workspaceId, webhookId, deliveryId);
  }

  @Post(':webhookId/recover')
  @ApiOperation({ summary: 'Re-queue every failed delivery created since a time' })
  @ApiAnswer(202, RecoverResult)
  @ApiErrors(400, 403, 404, 422)
  @HttpCode(202)
  recover(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Body() dto: RecoverDeliveriesDto) {
    return this.deliveries.recover(auth.workspaceId, webhookId, new Date(dto.since));
  }

  @Post(':webhookId/test')
  @ApiOperation({ summary: 'Send a webhook.test event now and answer with the outcome' })
  @ApiAnswer(200, TestDeliveryResult)
  @ApiErrors(403, 404)
  @HttpCode(200)
  test(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string) {
    return this.deliveries.test(auth.workspaceId, webhookId);
  }
}
