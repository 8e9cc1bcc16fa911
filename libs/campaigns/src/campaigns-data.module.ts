import { Module } from '@nestjs/common';
import { CallsDataModule } from '@app/calls';
import { CampaignRunnerRepository } from './campaign-runner.repository';
import { CampaignsRepository } from './campaigns.repository';

@Module({
  imports: [CallsDataModule],
  providers: [CampaignsRepository, CampaignRunnerRepository],
  exports: [CampaignsRepository, CampaignRunnerRepository],
})
export class CampaignsDataModule {}
