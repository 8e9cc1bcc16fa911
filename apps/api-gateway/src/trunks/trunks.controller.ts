import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, pageWindow, PageQuery, SecretBox } from '@app/platform';
import {
  CreateTrunkDto,
  presentTrunk,
  SipTrunkList,
  SipTrunkRecord,
  SipTrunksRepository,
  type TrunkWrite,
  UpdateTrunkDto,
} from '@app/telephony';
import { AuditRepository } from '@app/workspaces';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';

/**
 * SIP trunks (README "SIP trunks"): a workspace's own carrier connection. Settings, so admins read
 * and change them; passwords are write-only and stored encrypted. Every change is audited.
 */
@ApiTags('sip-trunks')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice/trunk')
@RequireRole('admin')
export class TrunksController {
  constructor(
    private readonly trunks: SipTrunksRepository,
    private readonly secrets: SecretBox,
    private readonly audit: AuditRepository,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a SIP trunk', description: 'Passwords are never returned. Role: admin.' })
  @ApiAnswer(201, SipTrunkRecord)
  @ApiErrors(400, 403, 413, 422)
  async create(@Auth() auth: RequestAuth, @Body() dto: CreateTrunkDto) {
    const trunk = await this.trunks.create(auth.workspaceId, { ...this.columns(dto), name: dto.name, host: dto.host });
    await this.audit.record(auth, 'trunk.created', { type: 'trunk', id: trunk.id }, { host: trunk.host });
    return presentTrunk(trunk);
  }

  @Get('list')
  @ApiOperation({ summary: "The workspace's SIP trunks, newest first", description: 'Role: admin.' })
  @ApiAnswer(200, SipTrunkList)
  @ApiErrors(400, 403)
  async list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    const { skip, take } = pageWindow(query);
    const { total, list } = await this.trunks.list(auth.workspaceId, skip, take);
    return { total, list: list.map(presentTrunk) };
  }

  @Get(':trunkId')
  @ApiOperation({ summary: 'Read a SIP trunk', description: 'Role: admin.' })
  @ApiAnswer(200, SipTrunkRecord)
  @ApiErrors(403, 404)
  async get(@Auth() auth: RequestAuth, @Param('trunkId') id: string) {
    const trunk = await this.trunks.find(auth.workspaceId, id);
    if (!trunk) throw ApiError.notFound('SIP trunk', id);
    return presentTrunk(trunk);
  }

  @Patch(':trunkId')
  @ApiOperation({
    summary: 'Change a SIP trunk',
    description: 'Any subset of the fields; null clears a credential. Role: admin.',
  })
  @ApiAnswer(200, SipTrunkRecord)
  @ApiErrors(400, 403, 404, 413, 422)
  async update(@Auth() auth: RequestAuth, @Param('trunkId') id: string, @Body() dto: UpdateTrunkDto) {
    const trunk = await this.trunks.update(auth.workspaceId, id, {
      ...this.columns(dto),
      ...(dto.name === undefined ? {} : { name: dto.name }),
      ...(dto.host === undefined ? {} : { host: dto.host }),
    });
    if (!trunk) throw ApiError.notFound('SIP trunk', id);
    const sent = Object.keys(dto).filter((k) => dto[k as keyof UpdateTrunkDto] !== undefined);
    const changed = sent.filter((k) => !k.toLowerCase().includes('password'));
    const credentials = sent.filter((k) => k.toLowerCase().includes('password'));
    await this.audit.record(auth, 'trunk.updated', { type: 'trunk', id }, { changed, credentials });
    return presentTrunk(trunk);
  }

  @Delete(':trunkId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a SIP trunk',
    description: 'Refused (409) while numbers are carried by it: release them or move them first. Role: admin.',
  })
  @ApiNoContentResponse()
  @ApiErrors(403, 404, 409)
  async remove(@Auth() auth: RequestAuth, @Param('trunkId') id: string): Promise<void> {
    const outcome = await this.trunks.remove(auth.workspaceId, id);
    if (outcome === 'not-found') throw ApiError.notFound('SIP trunk', id);
    if (outcome !== 'deleted') {
      throw ApiError.conflict(`SIP trunk ${id} carries ${outcome.numbers.join(', ')}; release those numbers first.`);
    }
    await this.audit.record(auth, 'trunk.deleted', { type: 'trunk', id });
  }

  /** The stored columns of what was sent: passwords sealed, null clears. */
  private columns(dto: CreateTrunkDto | UpdateTrunkDto): TrunkWrite {
    const seal = (v: string | null | undefined) => (typeof v === 'string' ? this.secrets.seal(v) : v);
    const columns: TrunkWrite = {
      port: dto.port,
      transport: dto.transport,
      username: dto.username,
      passwordEnc: seal(dto.password),
      inboundCidrs: dto.inboundCidrs,
      inboundUsername: dto.inboundUsername,
      inboundPasswordEnc: seal(dto.inboundPassword),
    };
    return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as TrunkWrite;
  }
}
