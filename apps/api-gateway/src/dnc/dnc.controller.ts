import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, pageWindow, PageQuery, toE164 } from '@app/platform';
import { AddDncDto, DncList, DncRecord, DncRepository, presentDnc } from '@app/telephony';
import { AuditRepository } from '@app/workspaces';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';

/** The do-not-call list (README "Do-not-call list"): viewers read, admins change. */
@ApiTags('do-not-call')
@ApiBearerAuth('apiKey')
@Controller('api/core/dnc')
export class DncController {
  constructor(
    private readonly dnc: DncRepository,
    private readonly audit: AuditRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Add a number to the do-not-call list',
    description: '201 when added, 200 with the existing entry when it was listed already. Role: admin.',
  })
  @ApiAnswer(201, DncRecord)
  @ApiAnswer(200, DncRecord)
  @ApiErrors(400, 403, 413, 422)
  @RequireRole('admin')
  async add(@Auth() auth: RequestAuth, @Body() dto: AddDncDto, @Res({ passthrough: true }) res: FastifyReply) {
    const { entry, created } = await this.dnc.add(auth.workspaceId, dto.number, dto.reason ?? null);
    if (created) await this.audit.record(auth, 'dnc.added', { type: 'dnc', id: dto.number }, { reason: entry.reason });
    res.status(created ? 201 : 200);
    return presentDnc(entry);
  }

  @Get('list')
  @ApiOperation({ summary: 'The do-not-call list, newest first' })
  @ApiAnswer(200, DncList)
  @ApiErrors(400)
  async list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    const { skip, take } = pageWindow(query);
    const { total, list } = await this.dnc.list(auth.workspaceId, skip, take);
    return { total, list: list.map(presentDnc) };
  }

  @Delete(':number')
  @ApiOperation({
    summary: 'Remove a number from the do-not-call list',
    description: 'The number in international format, URL-encoded (%2B14155552671). Role: admin.',
  })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  @HttpCode(204)
  @RequireRole('admin')
  async remove(@Auth() auth: RequestAuth, @Param('number') raw: string): Promise<void> {
    const number = String(toE164(raw));
    if (!(await this.dnc.remove(auth.workspaceId, number))) throw ApiError.notFound('Do-not-call entry', raw);
    await this.audit.record(auth, 'dnc.removed', { type: 'dnc', id: number });
  }
}
