import { Module } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ConfigModule, ContractValidationPipe, LoggingModule } from '@app/common';
import { DbModule, OpsModule } from '@app/db';
import { QueueBoardModule } from './admin/queue-board.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AssistantsModule } from './assistants/assistants.module';
import { ApiKeyGuard } from './auth/api-key.guard';
import { AuthModule } from './auth/auth.module';
import { CallMediaModule } from './call-media/call-media.module';
import { CallsModule } from './calls/calls.module';
import { EventsModule } from './events/events.module';
import { McpModule } from './mcp/mcp.module';
import { QueuesModule } from './queues/queues.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    ConfigModule, LoggingModule, DbModule, OpsModule, QueuesModule, CallsModule, CallMediaModule, EventsModule, AssistantsModule, WebhooksModule, ApiKeysModule,
    QueueBoardModule, McpModule, AuthModule,
  ],
  providers: [
    // Order matters: the key says which workspace's budget a request spends.
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_PIPE, useClass: ContractValidationPipe },
  ],
})
export class AppModule {}
