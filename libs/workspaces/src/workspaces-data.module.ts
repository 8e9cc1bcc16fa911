import { Global, Module } from '@nestjs/common';
import { ApiKeysRepository } from './api-keys.repository';
import { WorkspacesRepository } from './workspaces.repository';

/** Workspaces, their accounts and API keys. */
@Global()
@Module({ providers: [WorkspacesRepository, ApiKeysRepository], exports: [WorkspacesRepository, ApiKeysRepository] })
export class WorkspacesDataModule {}
