import { Module } from '@nestjs/common';
import { AssistantsModule } from '../assistants/assistants.module';
import { CallsModule } from '../calls/calls.module';
import { McpController } from './mcp.controller';

@Module({ imports: [CallsModule, AssistantsModule], controllers: [McpController] })
export class McpModule {}
