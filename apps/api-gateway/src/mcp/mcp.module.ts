import { Module } from '@nestjs/common';
import { AssistantsModule } from '../assistants/assistants.module';
import { CallMediaModule } from '../call-media/call-media.module';
import { CallsModule } from '../calls/calls.module';
import { McpController } from './mcp.controller';

@Module({ imports: [CallsModule, AssistantsModule, CallMediaModule], controllers: [McpController] })
export class McpModule {}
