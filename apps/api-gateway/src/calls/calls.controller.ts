import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '@app/common';
import { CallListQuery, StartCallDto } from '@app/contracts';
import { Auth, RequestId, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { RateLimitBucket } from '../rate-limit/rate-limit.guard';
import { CallsService } from './calls.service';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

@Controller('api/core/voice')
export class CallsController {
  constructor(private readonly calls: CallsService) {}

  /** Spec 4.1. Optional Idempotency-Key: a repeat within 24 h answers the first response. */
  @Post('agent/call')
  @RequireRole('member')
  @RateLimitBucket('start-call')
  async start(
    @Auth() auth: RequestAuth,
    @Body() dto: StartCallDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @RequestId() requestId: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw ApiError.badRequest('Idempotency-Key must be 1-255 printable ASCII characters');
    }
    const outcome = await this.calls.start(auth.workspaceId, dto, idempotencyKey, requestId);
    res.status(outcome.status);
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.body;
  }

  // Declared before call/:callId so "list" is never taken for an id.
  @Get('call/list')
  list(@Auth() auth: RequestAuth, @Query() query: CallListQuery) {
    return this.calls.list(auth.workspaceId, query);
  }

  @Get('call/:callId')
  get(@Auth() auth: RequestAuth, @Param('callId') callId: string) {
    return this.calls.get(auth.workspaceId, callId);
  }

  @Post('call/:callId/end')
  @HttpCode(202)
  @RequireRole('member')
  end(@Auth() auth: RequestAuth, @Param('callId') callId: string, @RequestId() requestId: string | undefined) {
    return this.calls.end(auth.workspaceId, callId, requestId);
  }
}
