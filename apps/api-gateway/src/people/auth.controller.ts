import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, AppConfig, Public } from '@app/platform';
import {
  AcceptInviteDto,
  AuditRepository,
  ChangePasswordDto,
  csrfTokenOf,
  DUMMY_PASSWORD_HASH,
  hashPassword,
  LoginDto,
  Me,
  MembersRepository,
  PeopleRepository,
  presentMe,
  SignupDto,
  verifyPassword,
} from '@app/workspaces';
import type { Account, Workspace } from '@app/db';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { Auth, type RequestAuth } from '../auth/auth.decorators';
import { LoginThrottle } from './login-throttle';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from './session-cookie';

const normalEmail = (email: string) => email.trim().toLowerCase();

/** People signing up, in and out (issue 12). The session lives in an HttpOnly cookie. */
@ApiTags('auth')
@Controller('api/core/auth')
export class AuthController {
  constructor(
    private readonly people: PeopleRepository,
    private readonly throttle: LoginThrottle,
    private readonly config: AppConfig,
    private readonly members: MembersRepository,
    private readonly audit: AuditRepository,
  ) {}

  @Post('signup')
  @Public()
  @ApiOperation({
    summary: 'Create a workspace and its owner, and sign in',
    description:
      'Off when SIGNUP_ENABLED=false (403). Passwords have at least 12 characters. SIGNUP_MAX_PER_ADDRESS ' +
      'sign-ups and invitation acceptances per client address per window, then 429 with Retry-After.',
  })
  @ApiAnswer(201, Me)
  @ApiErrors(400, 403, 409, 422, 429)
  async signup(
    @Body() dto: SignupDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Me> {
    if (!this.config.SIGNUP_ENABLED) throw ApiError.forbidden('Sign-up is switched off on this installation.');
    await this.throttle.attempt('signup', null, req.ip ?? 'unknown');
    const account = await this.people.signup({
      email: normalEmail(dto.email),
      passwordHash: await hashPassword(dto.password),
      name: dto.name.trim(),
      workspaceName: dto.workspaceName.trim(),
    });
    return this.signIn(account, req, res);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with email and password',
    description:
      'Sets the session cookie. A wrong email or password answers the same 401. Attempts are counted before ' +
      'the password is checked: past LOGIN_MAX_FAILURES per email (4x per client address) in a window, 429 ' +
      'with Retry-After, however many arrive at once.',
  })
  @ApiAnswer(200, Me)
  @ApiErrors(400, 401, 422, 429)
  async login(
    @Body() dto: LoginDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Me> {
    const email = normalEmail(dto.email);
    const ip = req.ip ?? 'unknown';
    await this.throttle.attempt('login', email, ip);
    const account = await this.people.findPersonByEmail(email);
    // The hash is checked for unknown emails too: same answer, same time.
    const ok = await verifyPassword(dto.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account || !ok) {
      // Recorded in the workspace of the account aimed at; attempts on unknown emails have none.
      if (account) await this.audit.record(this.actor(account, req), 'login.failed', undefined, { email });
      throw ApiError.unauthorized('Wrong email or password.');
    }
    await this.throttle.succeeded('login', email, ip);
    await this.audit.record(this.actor(account, req), 'login.succeeded');
    return this.signIn(account, req, res);
  }

  @Post('accept-invite')
  @Public()
  @ApiOperation({
    summary: 'Accept an invitation: creates the account with the invited email and role, and signs in',
    description:
      'The token works once and for 7 days, while its inviter may still grant the role (404 otherwise). ' +
      'Limited per client address like sign-up (429).',
  })
  @ApiAnswer(201, Me)
  @ApiErrors(400, 404, 409, 422, 429)
  async acceptInvite(
    @Body() dto: AcceptInviteDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Me> {
    await this.throttle.attempt('signup', null, req.ip ?? 'unknown');
    const account = await this.members.accept(dto.token, dto.name.trim(), await hashPassword(dto.password));
    await this.audit.record(this.actor(account, req), 'member.joined', { type: 'account', id: account.id });
    return this.signIn(account, req, res);
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: ends the session and clears its cookie' })
  @ApiNoContentResponse()
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    const token = readSessionCookie(this.config, req.headers.cookie);
    if (token) await this.people.endSession(token);
    res.header('Set-Cookie', clearedSessionCookie(this.config));
  }

  @Post('password')
  @HttpCode(200)
  @ApiBearerAuth('apiKey')
  @ApiOperation({
    summary: "Change the signed-in person's password",
    description:
      'Ends every session of theirs (other browsers sign in again) and answers a fresh one for this one. ' +
      'Wrong current passwords are throttled like sign-in (429 with Retry-After).',
  })
  @ApiAnswer(200, Me)
  @ApiErrors(400, 403, 422, 429)
  async changePassword(
    @Auth() auth: RequestAuth,
    @Body() dto: ChangePasswordDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Me> {
    if (auth.sessionId === null) throw ApiError.forbidden('Passwords are changed by signed-in people only.');
    const ip = req.ip ?? 'unknown';
    await this.throttle.attempt('password', auth.accountId, ip);
    const person = await this.people.findPerson(auth.accountId);
    if (!person?.passwordHash || !(await verifyPassword(dto.currentPassword, person.passwordHash))) {
      throw ApiError.forbidden('The current password is wrong.');
    }
    await this.throttle.succeeded('password', auth.accountId, ip);
    await this.people.changePassword(person.id, await hashPassword(dto.newPassword));
    await this.audit.record(auth, 'password.changed', { type: 'account', id: person.id });
    return this.signIn(person, req, res);
  }

  @Get('me')
  @ApiBearerAuth('apiKey')
  @ApiOperation({ summary: 'The signed-in person, their workspace and the CSRF token of the session' })
  @ApiAnswer(200, Me)
  @ApiErrors(403)
  async me(@Auth() auth: RequestAuth, @Req() req: FastifyRequest): Promise<Me> {
    const token = readSessionCookie(this.config, req.headers.cookie);
    if (auth.sessionId === null || !token) throw ApiError.forbidden('GET /auth/me answers signed-in people only.');
    const person = await this.people.findPerson(auth.accountId);
    if (!person) throw ApiError.unauthorized('Your session has ended; sign in again.');
    return presentMe(person, person.workspace, csrfTokenOf(token));
  }

  private actor(account: Account, req: FastifyRequest) {
    return { workspaceId: account.workspaceId, accountId: account.id, keyId: null, clientIp: req.ip ?? null };
  }

  private async signIn(
    account: Account & { workspace: Workspace },
    req: FastifyRequest,
    res: FastifyReply,
  ): Promise<Me> {
    const { token, expiresAt } = await this.people.startSession(account, this.config.SESSION_ABSOLUTE_MS, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    res.header('Set-Cookie', sessionCookie(this.config, token, expiresAt));
    return presentMe(account, account.workspace, csrfTokenOf(token));
  }
}
