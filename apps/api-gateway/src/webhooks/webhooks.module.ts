import { Module } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({ controllers: [WebhooksController], providers: [WebhooksService, SecretBox] })
export class WebhooksModule {}
