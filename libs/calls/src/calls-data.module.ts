import { Module } from '@nestjs/common';
import { QueuesModule } from '@app/queues';
import { CallAdmission } from './admission/call-admission';
import { CallsRepository } from './calls.repository';
import { EventPublisher } from './events/event-publisher';
import { EventsRepository } from './events/events.repository';
import { CallMediaRepository } from './media/call-media.repository';
import { LiveTranscripts } from './media/live-transcript';
import { MediaRetentionRepository } from './media/media-retention.repository';
import { CallOverviewRepository } from './overview/call-overview';
import { DirectoryRecordingStorage, RecordingStorage } from './media/recording-storage';

/** The shared read and start side of calls and the outbox relay; the lifecycle writer is the engine's own. */
@Module({
  imports: [QueuesModule],
  providers: [
    CallAdmission,
    CallsRepository,
    CallMediaRepository,
    CallOverviewRepository,
    EventsRepository,
    EventPublisher,
    LiveTranscripts,
    MediaRetentionRepository,
    { provide: RecordingStorage, useClass: DirectoryRecordingStorage },
  ],
  exports: [
    CallAdmission,
    CallsRepository,
    CallMediaRepository,
    CallOverviewRepository,
    EventsRepository,
    EventPublisher,
    LiveTranscripts,
    MediaRetentionRepository,
    RecordingStorage,
  ],
})
export class CallsDataModule {}
