import { Module } from '@nestjs/common';
import { CallsController } from './calls.controller';
import { CallsService } from './calls.service';

@Module({ controllers: [CallsController], providers: [CallsService], exports: [CallsService] })
export class CallsModule {}
