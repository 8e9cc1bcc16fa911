import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { WebCallQuery } from '@app/calls';
import { ApiError } from '@app/platform';
import { RequireRole } from '../auth/auth.decorators';
import { ApiErrors } from '../openapi/api-responses';
import { WEB_CALL_PATH } from './web-call-relay';

/**
 * The web-call route as OpenAPI and plain HTTP see it: a WebSocket upgrade is taken by
 * WebCallRelay before any route; a GET without one answers 426 (after the same checks).
 */
@ApiTags('calls')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice')
export class WebCallsController {
  @Get('web-call')
  @ApiOperation({
    summary: 'Talk to an assistant from a browser or any client: a WebSocket (README "Web calls")',
    description:
      'Upgrade to a WebSocket. Binary frames both ways are RTP packets of 20 ms PCMU (G.711 µ-law, 8 kHz, ' +
      'payload type 0); text frames from the service are JSON: {"type":"ringing"|"answered","callId"} and ' +
      '{"type":"ended","callId","reason"}. The call is a call like any other, direction web: events, webhooks, ' +
      'transcript and recording. Closing the socket hangs up (customer-ended-call). Authenticated as every route ' +
      '(an API key, or a session cookie from this origin); role: member. Refusals answer the upgrade: 400 without ' +
      'agentId, 403, 404 for an unknown assistant, 429 at the live-call limit. Without an upgrade: 426.',
  })
  @ApiErrors(400, 403, 404, 426)
  @RequireRole('member')
  webCall(@Query() _query: WebCallQuery): never {
    throw new ApiError(426, `Connect with a WebSocket client to ${WEB_CALL_PATH}?agentId=<assistant id>.`, {
      Upgrade: 'websocket',
      Connection: 'Upgrade',
    });
  }
}
