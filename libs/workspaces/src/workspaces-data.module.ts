import { Global, Module } from '@nestjs/common';
import { ApiKeysRepository } from './api-keys.repository';
import { PeopleRepository } from './people.repository';
import { WorkspacesRepository } from './workspaces.repository';

/** Workspaces, their accounts (people and service identities), sessions and API keys. */
@Global()
@Module({
  providers: [WorkspacesRepository, ApiKeysRepository, PeopleRepository],
  exports: [WorkspacesRepository, ApiKeysRepository, PeopleRepository],
})
export class WorkspacesDataModule {}
