import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { AssistantList, AssistantRecord, CreateAssistantDto, UpdateAssistantDto } from '@app/assistants';
import { PageQuery } from '@app/platform';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { AssistantsService } from './assistants.service';

/** Spec 4.4 / 4.5, plus create, update and delete for admins. */
@ApiTags('assistants')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice/agent')
export class AssistantsController {
  constructor(private readonly assistants: AssistantsService) {}

  // Declared before :agentId so "list" is never taken for an id.
  @Get('list')
  @ApiOperation({ summary: "List the account's assistants (spec 4.4)" })
  @ApiAnswer(200, AssistantList)
  @ApiErrors(400)
  list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    return this.assistants.list(auth.workspaceId, query);
  }

  @Get(':agentId')
  @ApiOperation({ summary: "Read one assistant's configuration (spec 4.5)" })
  @ApiAnswer(200, AssistantRecord)
  @ApiErrors(404)
  get(@Auth() auth: RequestAuth, @Param('agentId') agentId: string) {
    return this.assistants.get(auth.workspaceId, agentId);
  }

  @Post()
  @ApiOperation({ summary: 'Create an assistant', description: 'Role: admin.' })
  @ApiAnswer(201, AssistantRecord)
  @ApiErrors(400, 403, 413, 422)
  @RequireRole('admin')
  create(@Auth() auth: RequestAuth, @Body() dto: CreateAssistantDto) {
    return this.assistants.create(auth.workspaceId, dto);
  }

  @Patch(':agentId')
  @ApiOperation({ summary: 'Update an assistant', description: 'Any subset of the fields. Role: admin.' })
  @ApiAnswer(200, AssistantRecord)
  @ApiErrors(400, 403, 404, 413, 422)
  @RequireRole('admin')
  update(@Auth() auth: RequestAuth, @Param('agentId') agentId: string, @Body() dto: UpdateAssistantDto) {
    return this.assistants.update(auth.workspaceId, agentId, dto);
  }

  @Delete(':agentId')
  @ApiOperation({ summary: 'Delete an assistant', description: '409 while a call on it is live. Role: admin.' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404, 409)
  @HttpCode(204)
  @RequireRole('admin')
  async remove(@Auth() auth: RequestAuth, @Param('agentId') agentId: string): Promise<void> {
    await this.assistants.remove(auth.workspaceId, agentId);
  }
}
