import { Module } from '@nestjs/common';
import { DirectoryRecordingStorage, RecordingStorage } from '@app/common';
import { CallMediaController } from './call-media.controller';

@Module({
  controllers: [CallMediaController],
  providers: [{ provide: RecordingStorage, useClass: DirectoryRecordingStorage }],
})
export class CallMediaModule {}
