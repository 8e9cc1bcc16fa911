import { Module } from '@nestjs/common';
import { TelephonyModule } from '@app/telephony';
import { WorkspacesDataModule } from '@app/workspaces';
import { CallsModule } from '../calls/calls.module';
import { NumbersController } from './numbers.controller';
import { NumbersService } from './numbers.service';
import { SimulatorController } from './simulator.controller';

@Module({
  imports: [TelephonyModule, WorkspacesDataModule, CallsModule],
  controllers: [NumbersController, SimulatorController],
  providers: [NumbersService],
})
export class NumbersModule {}
