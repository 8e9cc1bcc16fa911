import { Module } from '@nestjs/common';
import { AssistantsRepository } from './assistants.repository';

@Module({ providers: [AssistantsRepository], exports: [AssistantsRepository] })
export class AssistantsDataModule {}
