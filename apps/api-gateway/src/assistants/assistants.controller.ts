import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CreateAssistantDto, PageQuery, UpdateAssistantDto } from '@app/contracts';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { AssistantsService } from './assistants.service';

/** Spec 4.4 / 4.5, plus create, update and delete for admins. */
@Controller('api/core/voice/agent')
export class AssistantsController {
  constructor(private readonly assistants: AssistantsService) {}

  // Declared before :agentId so "list" is never taken for an id.
  @Get('list')
  list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    return this.assistants.list(auth.workspaceId, query);
  }

  @Get(':agentId')
  get(@Auth() auth: RequestAuth, @Param('agentId') agentId: string) {
    return this.assistants.get(auth.workspaceId, agentId);
  }

  @Post()
  @RequireRole('admin')
  create(@Auth() auth: RequestAuth, @Body() dto: CreateAssistantDto) {
    return this.assistants.create(auth.workspaceId, dto);
  }

  @Patch(':agentId')
  @RequireRole('admin')
  update(@Auth() auth: RequestAuth, @Param('agentId') agentId: string, @Body() dto: UpdateAssistantDto) {
    return this.assistants.update(auth.workspaceId, agentId, dto);
  }

  @Delete(':agentId')
  @HttpCode(204)
  @RequireRole('admin')
  async remove(@Auth() auth: RequestAuth, @Param('agentId') agentId: string): Promise<void> {
    await this.assistants.remove(auth.workspaceId, agentId);
  }
}
