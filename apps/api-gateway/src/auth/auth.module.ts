import { Module } from '@nestjs/common';
import { WorkspacesDataModule } from '@app/workspaces';
import { ApiKeyGuard } from './api-key.guard';
import { CredentialCheck } from './credential-check';
import { KeyCache } from './key-cache';

@Module({
  imports: [WorkspacesDataModule],
  providers: [KeyCache, CredentialCheck, ApiKeyGuard],
  exports: [KeyCache, CredentialCheck, ApiKeyGuard],
})
export class AuthModule {}
