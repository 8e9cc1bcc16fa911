import { Module } from '@nestjs/common';
import { CallsDataModule } from '@app/calls';
import { QueuesModule } from '@app/queues';
import { TelephonyModule } from '@app/telephony';
import { CallEngineClient } from './call-engine.client';
import { CallMediaController } from './call-media.controller';
import { CallsController } from './calls.controller';
import { CallsService } from './calls.service';
import { TranscriptsService } from './transcripts.service';

@Module({
  imports: [CallsDataModule, TelephonyModule, QueuesModule],
  controllers: [CallsController, CallMediaController],
  providers: [CallsService, TranscriptsService, CallEngineClient],
  exports: [CallsService, TranscriptsService],
})
export class CallsModule {}
