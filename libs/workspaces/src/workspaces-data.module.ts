import { Module } from '@nestjs/common';
import { ApiKeysRepository } from './api-keys.repository';
import { AuditRepository } from './audit.repository';
import { MembersRepository } from './members.repository';
import { PeopleRepository } from './people.repository';
import { WorkspacesRepository } from './workspaces.repository';

/** Workspaces, their accounts (people and service identities), sessions and API keys. */
@Module({
  providers: [WorkspacesRepository, ApiKeysRepository, PeopleRepository, MembersRepository, AuditRepository],
  exports: [WorkspacesRepository, ApiKeysRepository, PeopleRepository, MembersRepository, AuditRepository],
})
export class WorkspacesDataModule {}
