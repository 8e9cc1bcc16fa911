import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import {
  CallList,
  CallListQuery,
  CallRecord,
  CallOverviewRepository,
  Concurrency,
  Overview,
  OverviewQuery,
  StartCallDto,
  StartedCall,
  TransferCallDto,
} from '@app/calls';
import type { FastifyReply } from 'fastify';
import { Auth, RequestId, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { RateLimitBucket } from '../rate-limit/rate-limit.guard';
import { CallsService } from './calls.service';

@ApiTags('calls')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice')
export class CallsController {
  constructor(
    private readonly calls: CallsService,
    private readonly overviews: CallOverviewRepository,
  ) {}

  /** Spec 4.1. Optional Idempotency-Key: a repeat within 24 h answers the first response. */
  @Post('agent/call')
  @ApiOperation({
    summary: 'Start an outbound call (spec 4.1)',
    description:
      'Answers at once with status ringing; follow the call with webhooks, the event feed or GET ' +
      '/voice/call/{callId}. Role: member.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeat within 24 h with the same body to get the first answer (409 with another body)',
  })
  @ApiAnswer(201, StartedCall)
  @ApiErrors(400, 403, 404, 409, 413, 422, 429)
  @RequireRole('member')
  @RateLimitBucket('start-call')
  async start(
    @Auth() auth: RequestAuth,
    @Body() dto: StartCallDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @RequestId() requestId: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const outcome = await this.calls.start(auth.workspaceId, dto, idempotencyKey, requestId);
    res.status(outcome.status);
    if (outcome.replayed) res.header('Idempotent-Replayed', 'true');
    return outcome.body;
  }

  // Declared before call/:callId so "list" is never taken for an id.
  @Get('call/list')
  @ApiOperation({ summary: 'List calls, newest first (spec 4.3)' })
  @ApiAnswer(200, CallList)
  @ApiErrors(400)
  list(@Auth() auth: RequestAuth, @Query() query: CallListQuery) {
    return this.calls.list(auth.workspaceId, query);
  }

  @Get('concurrency')
  @ApiOperation({
    summary: "The workspace's live-call limit and its live calls",
    description: 'live counts calls ringing or in progress, from the call rows. Role: viewer.',
  })
  @ApiAnswer(200, Concurrency)
  @ApiErrors()
  concurrency(@Auth() auth: RequestAuth) {
    return this.calls.concurrency(auth.workspaceId);
  }

  @Get('overview')
  @ApiOperation({
    summary: 'How calls go over the last days: volume, outcomes, durations, latency, failed deliveries',
    description:
      'Days are UTC calendar days ending today; calls count on the day they were created, with their ' +
      'status now. Computed from the rows on each request. Role: viewer.',
  })
  @ApiAnswer(200, Overview)
  @ApiErrors(400)
  overview(@Auth() auth: RequestAuth, @Query() query: OverviewQuery) {
    return this.overviews.of(auth.workspaceId, query.days);
  }

  @Get('call/:callId')
  @ApiOperation({ summary: 'Look up a call (spec 4.2)' })
  @ApiAnswer(200, CallRecord)
  @ApiErrors(404)
  get(@Auth() auth: RequestAuth, @Param('callId') callId: string) {
    return this.calls.get(auth.workspaceId, callId);
  }

  @Post('call/:callId/transfer')
  @ApiOperation({
    summary: 'Transfer a connected call (blind)',
    description:
      'The far end is sent to `to` (SIP REFER on calls over a trunk); call.transferred tells the outcome, and ' +
      'the call completes with endedReason transferred. 409 unless the call is in progress. Role: member.',
  })
  @ApiAnswer(202, CallRecord)
  @ApiErrors(400, 403, 404, 409, 422)
  @HttpCode(202)
  @RequireRole('member')
  transfer(
    @Auth() auth: RequestAuth,
    @Param('callId') callId: string,
    @Body() dto: TransferCallDto,
    @RequestId() requestId: string | undefined,
  ) {
    return this.calls.transfer(auth.workspaceId, callId, dto.to, requestId);
  }

  @Post('call/:callId/end')
  @ApiOperation({
    summary: 'Hang up a live call',
    description: 'The call completes with endedReason api-ended-call. Role: member.',
  })
  @ApiAnswer(202, CallRecord)
  @ApiErrors(403, 404, 409)
  @HttpCode(202)
  @RequireRole('member')
  end(@Auth() auth: RequestAuth, @Param('callId') callId: string, @RequestId() requestId: string | undefined) {
    return this.calls.end(auth.workspaceId, callId, requestId);
  }
}
