import { Module } from '@nestjs/common';
import { DirectoryRecordingStorage, RecordingStorage } from '@app/common';
import { CallMediaController } from './call-media.controller';
import { TranscriptsService } from './transcripts.service';

@Module({
  controllers: [CallMediaController],
  providers: [TranscriptsService, { provide: RecordingStorage, useClass: DirectoryRecordingStorage }],
  exports: [TranscriptsService],
})
export class CallMediaModule {}
