import { Global, Module } from '@nestjs/common';
import { CallsRepository } from './calls.repository';
import { EventPublisher } from './events/event-publisher';
import { EventsRepository } from './events/events.repository';
import { CallMediaRepository } from './media/call-media.repository';
import { MediaRetentionRepository } from './media/media-retention.repository';
import { DirectoryRecordingStorage, RecordingStorage } from './media/recording-storage';

/** The shared read and start side of calls and the outbox relay; the lifecycle writer is the engine's own. */
@Global()
@Module({
  providers: [
    CallsRepository,
    CallMediaRepository,
    EventsRepository,
    EventPublisher,
    MediaRetentionRepository,
    { provide: RecordingStorage, useClass: DirectoryRecordingStorage },
  ],
  exports: [
    CallsRepository,
    CallMediaRepository,
    EventsRepository,
    EventPublisher,
    MediaRetentionRepository,
    RecordingStorage,
  ],
})
export class CallsDataModule {}
