import { Global, Module } from '@nestjs/common';
import { CampaignRunnerRepository } from './campaign-runner.repository';
import { CampaignsRepository } from './campaigns.repository';

@Global()
@Module({
  providers: [CampaignsRepository, CampaignRunnerRepository],
  exports: [CampaignsRepository, CampaignRunnerRepository],
})
export class CampaignsDataModule {}
