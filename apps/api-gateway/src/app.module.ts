import { Module } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ConfigModule, ContractValidationPipe } from '@app/common';
import { DbModule, HealthController } from '@app/db';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AssistantsModule } from './assistants/assistants.module';
import { ApiKeyGuard } from './auth/api-key.guard';
import { CallsModule } from './calls/calls.module';
import { QueuesModule } from './queues/queues.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [ConfigModule, DbModule, QueuesModule, CallsModule, AssistantsModule, WebhooksModule, ApiKeysModule],
  controllers: [HealthController],
  providers: [
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_PIPE, useClass: ContractValidationPipe },
  ],
})
export class AppModule {}
