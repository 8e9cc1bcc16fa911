import { Module } from '@nestjs/common';
import { CallsModule } from '../calls/calls.module';
import { NumbersController } from './numbers.controller';
import { NumbersService } from './numbers.service';
import { SimulatorController } from './simulator.controller';

@Module({ imports: [CallsModule], controllers: [NumbersController, SimulatorController], providers: [NumbersService] })
export class NumbersModule {}
