import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BullRootModule, ConfigModule, LoggingModule, DirectoryRecordingStorage, RecordingStorage } from '@app/common';
import { QueueName } from '@app/contracts';
import { DbModule, OpsModule } from '@app/db';
import { EventPublisher } from './events/event-publisher';
import { CallEngineWorker } from './lifecycle/call-engine.worker';
import { CallLifecycleService } from './lifecycle/call-lifecycle.service';
import { CallScheduler } from './lifecycle/call-scheduler';
import { ReconcilerService } from './reconciler/reconciler.service';
import { SimulatedTelephony } from './telephony/simulated-telephony';
import { TELEPHONY_PROVIDER } from './telephony/telephony-provider';
import { McpToolRunner } from './tools/mcp-tool-runner';
import { Speech } from './media/speech';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DbModule,
    OpsModule,
    BullRootModule,
    BullModule.registerQueue({ name: QueueName.CallEngine }, { name: QueueName.DomainEvents }),
  ],
  providers: [
    CallEngineWorker,
    CallLifecycleService,
    CallScheduler,
    EventPublisher,
    ReconcilerService,
    McpToolRunner,
    Speech,
    { provide: TELEPHONY_PROVIDER, useClass: SimulatedTelephony },
    { provide: RecordingStorage, useClass: DirectoryRecordingStorage },
  ],
})
export class EngineModule {}
