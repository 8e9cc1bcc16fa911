import { Module } from '@nestjs/common';
import { WebhooksDataModule } from '@app/webhooks';
import { WorkspacesDataModule } from '@app/workspaces';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [WebhooksDataModule, WorkspacesDataModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveriesService],
})
export class WebhooksModule {}
