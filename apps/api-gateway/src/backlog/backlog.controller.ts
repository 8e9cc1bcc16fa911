import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { WorkspaceBacklog, WorkspaceBacklogRepository } from '@app/ops';
import { Auth, type RequestAuth } from '../auth/auth.decorators';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';

/** The workspace's own view of the queues (Bull Board at /admin/queues is for operators only). */
@ApiTags('backlog')
@ApiBearerAuth('apiKey')
@Controller('api/core/backlog')
export class BacklogController {
  constructor(private readonly backlog: WorkspaceBacklogRepository) {}

  @Get()
  @ApiOperation({
    summary: 'What waits in the queues for this workspace: calls to dial, webhook deliveries pending or failed',
    description: 'Counted from the rows, so a Redis flush changes nothing here. Role: viewer.',
  })
  @ApiAnswer(200, WorkspaceBacklog)
  @ApiErrors()
  get(@Auth() auth: RequestAuth) {
    return this.backlog.of(auth.workspaceId);
  }
}
