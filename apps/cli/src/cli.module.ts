import { Module } from '@nestjs/common';
import { AssistantsDataModule } from '@app/assistants';
import { DbModule } from '@app/db';
import { ConfigModule } from '@app/platform';
import { WorkspacesDataModule } from '@app/workspaces';

/** The operator CLI reaches the same repositories the gateway uses, nothing else. */
@Module({ imports: [ConfigModule, DbModule, WorkspacesDataModule, AssistantsDataModule] })
export class CliModule {}
