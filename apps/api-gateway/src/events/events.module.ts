import { Module } from '@nestjs/common';
import { EventStreams } from './event-stream';
import { EventsController } from './events.controller';

@Module({ controllers: [EventsController], providers: [EventStreams] })
export class EventsModule {}
