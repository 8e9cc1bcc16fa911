export * from './campaign-rules';
export * from './campaign.contract';
export * from './campaign-runner.repository';
export * from './campaigns.dto';
export * from './campaigns.repository';
export * from './campaigns-data.module';
