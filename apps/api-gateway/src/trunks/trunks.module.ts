import { Module } from '@nestjs/common';
import { TelephonyModule } from '@app/telephony';
import { WorkspacesDataModule } from '@app/workspaces';
import { TrunksController } from './trunks.controller';

@Module({ imports: [TelephonyModule, WorkspacesDataModule], controllers: [TrunksController] })
export class TrunksModule {}
