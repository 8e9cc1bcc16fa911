import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { CallList, CallRecord, StartedCall } from '../openapi/schemas';
import type { Response } from 'express';
import { ApiError } from '@app/common';
import { CallListQuery, StartCallDto } from '@app/contracts';
import { Auth, RequestId, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { RateLimitBucket } from '../rate-limit/rate-limit.guard';
import { CallsService } from './calls.service';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

@ApiTags('calls')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice')
export class CallsController {
  constructor(private readonly calls: CallsService) {}

  /** Spec 4.1. Optional Idempotency-Key: a repeat within 24 h answers the first response. */
  @Post('agent/call')
  @ApiOperation({ summary: 'Start an outbound call (spec 4.1)', description: 'Answers at once with status ringing; follow the call with webhooks, the event feed or GET /voice/call/{callId}. Role: member.' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeat within 24 h with the same body to get the first answer (409 with another body)' })
  @ApiCreatedResponse({ type: StartedCall })
  @ApiErrors(400, 403, 404, 409, 413, 422)
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
  @ApiOperation({ summary: 'List calls, newest first (spec 4.3)' })
  @ApiOkResponse({ type: CallList })
  @ApiErrors(400)
  list(@Auth() auth: RequestAuth, @Query() query: CallListQuery) {
    return this.calls.list(auth.workspaceId, query);
  }

  @Get('call/:callId')
  @ApiOperation({ summary: 'Look up a call (spec 4.2)' })
  @ApiOkResponse({ type: CallRecord })
  @ApiErrors(404)
  get(@Auth() auth: RequestAuth, @Param('callId') callId: string) {
    return this.calls.get(auth.workspaceId, callId);
  }

  @Post('call/:callId/end')
  @ApiOperation({ summary: 'Hang up a live call', description: 'The call completes with endedReason api-ended-call. Role: member.' })
  @ApiAcceptedResponse({ type: CallRecord })
  @ApiErrors(403, 404, 409)
  @HttpCode(202)
  @RequireRole('member')
  end(@Auth() auth: RequestAuth, @Param('callId') callId: string, @RequestId() requestId: string | undefined) {
    return this.calls.end(auth.workspaceId, callId, requestId);
  }
}
