import { Module } from '@nestjs/common';
import { CallsDataModule } from '@app/calls';
import { AuthModule } from '../auth/auth.module';
import { EventStreams } from './event-stream';
import { EventsController } from './events.controller';
import { SharedEventPoll } from './shared-event-poll';

@Module({
  imports: [CallsDataModule, AuthModule],
  controllers: [EventsController],
  providers: [EventStreams, SharedEventPoll],
})
export class EventsModule {}
