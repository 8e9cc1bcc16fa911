import { Module } from '@nestjs/common';
import { WorkspacesDataModule } from '@app/workspaces';
import { CredentialCheck } from './credential-check';
import { KeyCache } from './key-cache';

@Module({
  imports: [WorkspacesDataModule],
  providers: [KeyCache, CredentialCheck],
  exports: [KeyCache, CredentialCheck],
})
export class AuthModule {}
