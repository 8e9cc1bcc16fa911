import { Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { ApiKeysRepository } from './repositories/api-keys.repository';
import { AssistantsRepository } from './repositories/assistants.repository';
import { CallsRepository } from './repositories/calls.repository';
import { CallLifecycleRepository } from './repositories/call-lifecycle.repository';
import { CallMediaRepository } from './repositories/call-media.repository';
import { EventsRepository } from './repositories/events.repository';
import { WebhookDeliveriesRepository } from './repositories/webhook-deliveries.repository';
import { WebhooksRepository } from './repositories/webhooks.repository';
import { WorkspacesRepository } from './repositories/workspaces.repository';

const repositories = [
  WorkspacesRepository, ApiKeysRepository, AssistantsRepository, CallsRepository, CallLifecycleRepository, CallMediaRepository,
  EventsRepository, WebhooksRepository, WebhookDeliveriesRepository,
];

/** PostgreSQL access: the Prisma client and the repositories, the only code that queries. */
@Global()
@Module({
  providers: [PrismaService, ...repositories],
  exports: [PrismaService, ...repositories],
})
export class DbModule {}
