import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, AppConfig, pageWindow, PageQuery } from '@app/platform';
import {
  AuditRepository,
  ChangeRoleDto,
  InviteCreated,
  InviteDto,
  InviteList,
  MemberList,
  MemberRecord,
  MembersRepository,
  presentInvite,
  presentMember,
  roleAtLeast,
} from '@app/workspaces';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { KeyCache } from '../auth/key-cache';

/**
 * The people of a workspace (issue 12). Nobody grants a role above their own or touches a member
 * stronger than themselves; the last owner stays. A lowered role or a removal takes effect on the
 * member's keys and sessions at once (at most a second on other gateways: the key cache).
 */
@ApiTags('members')
@ApiBearerAuth('apiKey')
@Controller('api/core/member')
export class MembersController {
  constructor(
    private readonly members: MembersRepository,
    private readonly audit: AuditRepository,
    private readonly cache: KeyCache,
    private readonly config: AppConfig,
  ) {}

  @Get('list')
  @ApiOperation({ summary: 'List the people of the workspace' })
  @ApiAnswer(200, MemberList)
  @ApiErrors(400)
  async list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    const { skip, take } = pageWindow(query);
    const [total, list] = await this.members.list(auth.workspaceId, skip, take);
    return { total, list: list.map(presentMember) };
  }

  @Post('invite')
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Invite a person',
    description: 'Answers a one-time token and link, shown only here (no mail server is assumed). Valid 7 days.',
  })
  @ApiAnswer(201, InviteCreated)
  @ApiErrors(400, 403, 422)
  async invite(@Auth() auth: RequestAuth, @Body() dto: InviteDto) {
    if (!roleAtLeast(auth.role, dto.role)) throw ApiError.forbidden(`A ${auth.role} cannot invite a ${dto.role}.`);
    const email = dto.email.trim().toLowerCase();
    const { invite, token } = await this.members.invite(auth.workspaceId, email, dto.role, auth.accountId);
    await this.audit.record(auth, 'member.invited', { type: 'invite', id: invite.id }, { email, role: dto.role });
    return {
      inviteId: invite.id,
      email,
      role: invite.role,
      token,
      // From PUBLIC_BASE_URL, never the request's Host; in the fragment, so the token never reaches a
      // server log or a Referer header.
      inviteUrl: `${this.config.PUBLIC_BASE_URL}/accept-invite#token=${token}`,
      expiresAt: invite.expiresAt.toISOString(),
    };
  }

  @Get('invite/list')
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Pending invitations (not accepted, revoked or expired)',
    description: 'An invitation also ends when its inviter is removed or can no longer grant its role. Role: admin.',
  })
  @ApiAnswer(200, InviteList)
  @ApiErrors(403)
  async invites(@Auth() auth: RequestAuth) {
    const list = await this.members.pendingInvites(auth.workspaceId);
    return { total: list.length, list: list.map(presentInvite) };
  }

  @Delete('invite/:inviteId')
  @RequireRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a pending invitation: its link stops working', description: 'Role: admin.' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404)
  async revokeInvite(@Auth() auth: RequestAuth, @Param('inviteId') inviteId: string): Promise<void> {
    if (!(await this.members.revokeInvite(auth.workspaceId, inviteId))) throw ApiError.notFound('Invitation', inviteId);
    await this.audit.record(auth, 'member.invite_revoked', { type: 'invite', id: inviteId });
  }

  @Patch(':accountId')
  @RequireRole('admin')
  @ApiOperation({ summary: "Change a member's role (their keys follow at once)" })
  @ApiAnswer(200, MemberRecord)
  @ApiErrors(400, 403, 404, 409, 422)
  async changeRole(@Auth() auth: RequestAuth, @Param('accountId') accountId: string, @Body() dto: ChangeRoleDto) {
    const before = await this.target(auth, accountId);
    if (!roleAtLeast(auth.role, dto.role))
      throw ApiError.forbidden(`A ${auth.role} cannot grant the ${dto.role} role.`);
    const after = await this.members.change(auth.workspaceId, accountId, dto.role);
    this.cache.forgetAccount(accountId);
    await this.audit.record(
      auth,
      'member.role_changed',
      { type: 'account', id: accountId },
      {
        from: before.role,
        to: after.role,
      },
    );
    return presentMember(after);
  }

  @Delete(':accountId')
  @RequireRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a member: their sessions end and their keys stop working at once' })
  @ApiNoContentResponse()
  @ApiErrors(403, 404, 409)
  async remove(@Auth() auth: RequestAuth, @Param('accountId') accountId: string): Promise<void> {
    const before = await this.target(auth, accountId);
    await this.members.change(auth.workspaceId, accountId, null);
    this.cache.forgetAccount(accountId);
    await this.audit.record(auth, 'member.removed', { type: 'account', id: accountId }, { email: before.email });
  }

  /** The member, if the caller may act on them (not someone stronger). */
  private async target(auth: RequestAuth, accountId: string) {
    const member = await this.members.find(auth.workspaceId, accountId);
    if (!member) throw ApiError.notFound('Member', accountId);
    if (!roleAtLeast(auth.role, member.role)) {
      throw ApiError.forbidden(`A ${auth.role} cannot change a ${member.role}.`);
    }
    return member;
  }
}
