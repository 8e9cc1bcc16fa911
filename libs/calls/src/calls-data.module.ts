import { Global, Module } from '@nestjs/common';
import { CallsRepository } from './calls.repository';
import { EventsRepository } from './events/events.repository';
import { CallMediaRepository } from './media/call-media.repository';
import { DirectoryRecordingStorage, RecordingStorage } from './media/recording-storage';

/** The shared read and start side of calls; the lifecycle writer is the engine's own. */
@Global()
@Module({
  providers: [
    CallsRepository,
    CallMediaRepository,
    EventsRepository,
    { provide: RecordingStorage, useClass: DirectoryRecordingStorage },
  ],
  exports: [CallsRepository, CallMediaRepository, EventsRepository, RecordingStorage],
})
export class CallsDataModule {}
