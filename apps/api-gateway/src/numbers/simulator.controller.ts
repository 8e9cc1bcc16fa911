import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '@app/platform';
import { SimulateInboundDto, SimulatedInboundCall, TELEPHONY_PROVIDER, type TelephonyProvider } from '@app/telephony';
import { Auth, RequestId, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { CallsService } from '../calls/calls.service';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { RateLimitBucket } from '../rate-limit/rate-limit.guard';

/** Testing aids of the simulated carrier; a real carrier announces inbound calls itself. */
@ApiTags('simulator')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice/simulator')
export class SimulatorController {
  constructor(
    private readonly calls: CallsService,
    @Inject(TELEPHONY_PROVIDER) private readonly telephony: TelephonyProvider,
  ) {}

  @Post('inbound')
  @ApiOperation({
    summary: 'Ring one of your numbers (testing aid)',
    description:
      "The simulated carrier places a call from `from` to your number `to`: an inbound call that the number's " +
      'assistant answers (README "Inbound calls"; the caller table under "Simulated telephony"). Only while the ' +
      'simulator is the telephony provider (404 otherwise). 404 for a number the workspace does not hold. ' +
      'Role: member.',
  })
  @ApiAnswer(202, SimulatedInboundCall)
  @ApiErrors(400, 403, 404, 422)
  @HttpCode(202)
  @RequireRole('member')
  @RateLimitBucket('start-call')
  ring(@Auth() auth: RequestAuth, @Body() dto: SimulateInboundDto, @RequestId() requestId: string | undefined) {
    if (!this.telephony.simulated) throw ApiError.notFound('Route', 'POST /api/core/voice/simulator/inbound');
    return this.calls.receive(auth.workspaceId, dto.to, dto.from, requestId);
  }
}
