import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { ApiError } from '@app/platform';
import {
  ApiKeyCreated,
  ApiKeyList,
  ApiKeysRepository,
  AuditRepository,
  CreateApiKeyDto,
  effectiveRole,
  PeopleRepository,
  presentApiKey,
  roleAtLeast,
} from '@app/workspaces';
import { Auth, type RequestAuth } from '../auth/auth.decorators';
import { KeyCache } from '../auth/key-cache';

/**
 * The API keys area over HTTP (spec 5.2, 5.3). Everyone manages their own keys; admins and owners
 * see and revoke everyone's. A key never creates or revokes a key stronger than itself: "a key
 * never has more power than the account that created it".
 */
@ApiTags('api-keys')
@ApiBearerAuth('apiKey')
@Controller('api/core/api-key')
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly cache: KeyCache,
    private readonly people: PeopleRepository,
    private readonly audit: AuditRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create an API key',
    description: 'The full key is answered only here. A key cannot create a stronger one.',
  })
  @ApiAnswer(201, ApiKeyCreated)
  @ApiErrors(400, 403, 422)
  async create(@Auth() auth: RequestAuth, @Body() dto: CreateApiKeyDto) {
    const role = dto.role ?? auth.role;
    if (!roleAtLeast(auth.role, role)) {
      throw ApiError.forbidden(`A ${auth.role} cannot create a ${role} key.`);
    }
    // A person's keys are theirs (they lose power with them); a service identity's go to the role's account.
    const { record, key } = (await this.people.isPerson(auth.accountId))
      ? await this.keys.createForPerson(auth.workspaceId, auth.accountId, dto.name, role)
      : await this.keys.create(auth.workspaceId, dto.name, role);
    await this.audit.record(auth, 'key.created', { type: 'apiKey', id: record.id }, { name: dto.name, role });
    return { ...presentApiKey(record), key };
  }

  @Get('list')
  @ApiOperation({ summary: "List API keys (masked): everyone's for admins and owners, one's own below" })
  @ApiAnswer(200, ApiKeyList)
  @ApiErrors(403)
  async list(@Auth() auth: RequestAuth) {
    const list = await this.keys.list(auth.workspaceId, roleAtLeast(auth.role, 'admin') ? undefined : auth.accountId);
    return { total: list.length, list: list.map(presentApiKey) };
  }

  @Delete(':keyId')
  @ApiOperation({ summary: "Revoke an API key (effective on the next request); another's needs admin" })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  @HttpCode(204)
  async revoke(@Auth() auth: RequestAuth, @Param('keyId') keyId: string): Promise<void> {
    const target = await this.keys.find(auth.workspaceId, keyId);
    if (!target) throw ApiError.notFound('API key', keyId);
    if (target.accountId !== auth.accountId && !roleAtLeast(auth.role, 'admin')) {
      throw ApiError.forbidden("Revoking another account's key needs the admin role or higher.");
    }
    const targetRole = effectiveRole(target.role, target.account.role);
    if (!roleAtLeast(auth.role, targetRole)) {
      throw ApiError.forbidden(`A ${auth.role} cannot revoke a ${targetRole} key.`);
    }
    await this.keys.revoke(auth.workspaceId, keyId);
    this.cache.forgetKeyId(keyId);
    await this.audit.record(auth, 'key.revoked', { type: 'apiKey', id: keyId }, { name: target.name });
  }
}
