import { Module } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AssistantsDataModule } from '@app/assistants';
import { CampaignsDataModule } from '@app/campaigns';
import { CallsDataModule } from '@app/calls';
import { DbModule } from '@app/db';
import { OpsModule, QueueBoardModule } from '@app/ops';
import { ConfigModule, ContractValidationPipe, LoggingModule, SecretsModule } from '@app/platform';
import { RequestBodyGuard } from '@app/platform/http';
import { QueuesModule } from '@app/queues';
import { TelephonyModule } from '@app/telephony';
import { WebhooksDataModule } from '@app/webhooks';
import { WorkspacesDataModule } from '@app/workspaces';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AssistantsModule } from './assistants/assistants.module';
import { ApiKeyGuard } from './auth/api-key.guard';
import { AuthModule } from './auth/auth.module';
import { WebCallsModule } from './web-calls/web-calls.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { BacklogModule } from './backlog/backlog.module';
import { CallsModule } from './calls/calls.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { EventsModule } from './events/events.module';
import { DncModule } from './dnc/dnc.module';
import { McpModule } from './mcp/mcp.module';
import { NumbersModule } from './numbers/numbers.module';
import { PeopleModule } from './people/people.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { TrunksModule } from './trunks/trunks.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    // platform and domains
    ConfigModule,
    LoggingModule,
    SecretsModule,
    DbModule,
    QueuesModule,
    OpsModule,
    WorkspacesDataModule,
    AssistantsDataModule,
    CallsDataModule,
    WebhooksDataModule,
    TelephonyModule,
    CampaignsDataModule,
    // the gateway's HTTP surface
    AuthModule,
    RateLimitModule,
    CallsModule,
    EventsModule,
    AssistantsModule,
    NumbersModule,
    TrunksModule,
    DncModule,
    CampaignsModule,
    WebhooksModule,
    ApiKeysModule,
    PeopleModule,
    McpModule,
    WebCallsModule,
    BacklogModule,
    QueueBoardModule,
  ],
  providers: [
    // Order matters: the key says which workspace's budget a request spends, and bodies are read
    // last: nothing unauthenticated or over its rate limit is parsed.
    { provide: APP_GUARD, useExisting: ApiKeyGuard },
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: APP_GUARD, useClass: RequestBodyGuard },
    { provide: APP_PIPE, useClass: ContractValidationPipe },
  ],
})
export class AppModule {}
