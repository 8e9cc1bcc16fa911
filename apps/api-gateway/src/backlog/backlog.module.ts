import { Module } from '@nestjs/common';
import { WorkspaceBacklogRepository } from '@app/ops';
import { BacklogController } from './backlog.controller';

@Module({ controllers: [BacklogController], providers: [WorkspaceBacklogRepository] })
export class BacklogModule {}
