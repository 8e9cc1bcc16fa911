import { Global, Module } from '@nestjs/common';
import { AssistantsRepository } from './assistants.repository';

@Global()
@Module({ providers: [AssistantsRepository], exports: [AssistantsRepository] })
export class AssistantsDataModule {}
