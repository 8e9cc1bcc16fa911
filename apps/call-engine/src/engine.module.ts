import { Module } from '@nestjs/common';
import { CallsDataModule } from '@app/calls';
import { CallLifecycleRepository, TELEPHONY_PROVIDER } from '@app/calls/lifecycle';
import { DbModule } from '@app/db';
import { OpsModule } from '@app/ops';
import { ConfigModule, LoggingModule } from '@app/platform';
import { QueuesModule } from '@app/queues';
import { EventPublisher } from './events/event-publisher';
import { CallEngineConsumer } from './lifecycle/call-engine.consumer';
import { CallLifecycleService } from './lifecycle/call-lifecycle.service';
import { Speech } from './media/speech';
import { ReconcilerService } from './reconciler/reconciler.service';
import { SimulatedTelephony } from './telephony/simulated-telephony';
import { McpToolRunner } from './tools/mcp-tool-runner';

@Module({
  imports: [ConfigModule, LoggingModule, DbModule, QueuesModule, OpsModule, CallsDataModule],
  providers: [
    CallEngineConsumer,
    CallLifecycleService,
    CallLifecycleRepository,
    EventPublisher,
    ReconcilerService,
    McpToolRunner,
    Speech,
    { provide: TELEPHONY_PROVIDER, useClass: SimulatedTelephony },
  ],
})
export class EngineModule {}
