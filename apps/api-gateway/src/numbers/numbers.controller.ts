import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PageQuery } from '@app/platform';
import {
  CreateNumberDto,
  PhoneNumberCreated,
  PhoneNumberList,
  PhoneNumberRecord,
  PhoneNumberUpdated,
  UpdateNumberDto,
} from '@app/telephony';
import { AuditRepository } from '@app/workspaces';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { NumbersService } from './numbers.service';

/** Phone numbers (README "Phone numbers"): viewers read, admins change. */
@ApiTags('numbers')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice/number')
export class NumbersController {
  constructor(
    private readonly numbers: NumbersService,
    private readonly audit: AuditRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Provision or import a number',
    description:
      'With number: import a number you hold at your carrier. Without: the telephony provider provisions one ' +
      '(country, areaCode). 409 when a workspace already holds it. Answers the assistant-request signing ' +
      'secret once. Role: admin.',
  })
  @ApiAnswer(201, PhoneNumberCreated)
  @ApiErrors(400, 403, 404, 409, 413, 422)
  @RequireRole('admin')
  async create(@Auth() auth: RequestAuth, @Body() dto: CreateNumberDto) {
    const created = await this.numbers.create(auth.workspaceId, dto);
    const details = { number: created.number, source: created.source };
    await this.audit.record(auth, 'number.added', { type: 'number', id: created.numberId }, details);
    return created;
  }

  // Declared before :numberId so "list" is never taken for an id.
  @Get('list')
  @ApiOperation({ summary: "List the workspace's numbers, newest first" })
  @ApiAnswer(200, PhoneNumberList)
  @ApiErrors(400)
  list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    return this.numbers.list(auth.workspaceId, query);
  }

  @Get(':numberId')
  @ApiOperation({ summary: 'Read a number' })
  @ApiAnswer(200, PhoneNumberRecord)
  @ApiErrors(404)
  get(@Auth() auth: RequestAuth, @Param('numberId') numberId: string) {
    return this.numbers.get(auth.workspaceId, numberId);
  }

  @Patch(':numberId')
  @ApiOperation({
    summary: 'Update a number',
    description: 'Label, assistant, assistantRequestUrl, default caller ID, secret rotation. Role: admin.',
  })
  @ApiAnswer(200, PhoneNumberUpdated)
  @ApiErrors(400, 403, 404, 413, 422)
  @RequireRole('admin')
  async update(@Auth() auth: RequestAuth, @Param('numberId') numberId: string, @Body() dto: UpdateNumberDto) {
    const updated = await this.numbers.update(auth.workspaceId, numberId, dto);
    await this.audit.record(auth, 'number.updated', { type: 'number', id: numberId }, { ...dto });
    return updated;
  }

  @Delete(':numberId')
  @ApiOperation({
    summary: 'Release a number',
    description: 'Calls under way on it go on; it stops receiving calls and can be provisioned again. Role: admin.',
  })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  @HttpCode(204)
  @RequireRole('admin')
  async release(@Auth() auth: RequestAuth, @Param('numberId') numberId: string): Promise<void> {
    const released = await this.numbers.release(auth.workspaceId, numberId);
    await this.audit.record(auth, 'number.released', { type: 'number', id: numberId }, { number: released.number });
  }
}
