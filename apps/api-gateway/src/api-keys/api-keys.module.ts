import { Module } from '@nestjs/common';
import { WorkspacesDataModule } from '@app/workspaces';
import { AuthModule } from '../auth/auth.module';
import { ApiKeysController } from './api-keys.controller';

@Module({
  imports: [WorkspacesDataModule, AuthModule],
  controllers: [ApiKeysController],
})
export class ApiKeysModule {}
