import { Module } from '@nestjs/common';
import { EventStreams } from './event-stream';
import { EventsController } from './events.controller';
import { SharedEventPoll } from './shared-event-poll';

@Module({ controllers: [EventsController], providers: [EventStreams, SharedEventPoll] })
export class EventsModule {}
