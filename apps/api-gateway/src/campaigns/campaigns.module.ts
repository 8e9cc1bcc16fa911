import { Module } from '@nestjs/common';
import { CallsDataModule } from '@app/calls';
import { CampaignsDataModule } from '@app/campaigns';
import { TelephonyModule } from '@app/telephony';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';

@Module({
  imports: [CampaignsDataModule, CallsDataModule, TelephonyModule],
  controllers: [CampaignsController],
  providers: [CampaignsService],
})
export class CampaignsModule {}
