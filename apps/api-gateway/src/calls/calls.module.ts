import { Module } from '@nestjs/common';
import { CallEngineClient } from './call-engine.client';
import { CallMediaController } from './call-media.controller';
import { CallsController } from './calls.controller';
import { CallsService } from './calls.service';
import { TranscriptsService } from './transcripts.service';

@Module({
  controllers: [CallsController, CallMediaController],
  providers: [CallsService, TranscriptsService, CallEngineClient],
  exports: [CallsService, TranscriptsService],
})
export class CallsModule {}
