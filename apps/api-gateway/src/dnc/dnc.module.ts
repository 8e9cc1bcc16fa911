import { Module } from '@nestjs/common';
import { DncController } from './dnc.controller';

@Module({ controllers: [DncController] })
export class DncModule {}
