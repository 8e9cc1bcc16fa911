import { Module } from '@nestjs/common';
import { TelephonyModule } from '@app/telephony';
import { WorkspacesDataModule } from '@app/workspaces';
import { DncController } from './dnc.controller';

@Module({
  imports: [TelephonyModule, WorkspacesDataModule],
  controllers: [DncController],
})
export class DncModule {}
