import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CreateWebhookDto, PageQuery, UpdateWebhookDto } from '@app/contracts';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { WebhooksService } from './webhooks.service';

/** Spec 4.6 plus read, update and remove. Webhooks are settings: admins and owners only. */
@Controller('api/core/webhook')
@RequireRole('admin')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

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
  update(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string, @Body() dto: UpdateWebhookDto) {
    return this.webhooks.update(auth, webhookId, dto);
  }

  @Delete(':webhookId')
  @HttpCode(204)
  async remove(@Auth() auth: RequestAuth, @Param('webhookId') webhookId: string): Promise<void> {
    await this.webhooks.remove(auth.workspaceId, webhookId);
  }
}
