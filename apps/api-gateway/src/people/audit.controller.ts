import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageWindow } from '@app/platform';
import { AuditList, AuditQuery, AuditRepository, presentAudit } from '@app/workspaces';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';

@ApiTags('audit')
@ApiBearerAuth('apiKey')
@Controller('api/core/audit')
@RequireRole('admin')
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Get('list')
  @ApiOperation({
    summary: 'The audit log, newest first',
    description: 'Sign-ins, keys, members and webhooks: who (account, key), when, from which address, on what.',
  })
  @ApiAnswer(200, AuditList)
  @ApiErrors(400, 403)
  async list(@Auth() auth: RequestAuth, @Query() q: AuditQuery) {
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.audit.list(
      auth.workspaceId,
      {
        action: q.action,
        actorAccountId: q.actorAccountId,
        since: q.since ? new Date(q.since) : undefined,
        until: q.until ? new Date(q.until) : undefined,
      },
      skip,
      take,
    );
    return { total, list: list.map(presentAudit) };
  }
}
