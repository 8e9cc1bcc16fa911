import { Controller, Get, Headers, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@app/platform';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { EventFeedQuery, EventList, EventsRepository, presentEvent } from '@app/calls';
import { Auth, type RequestAuth } from '../auth/auth.decorators';
import { CredentialCheck } from '../auth/credential-check';
import { EventStreams } from './event-stream';

/**
 * Events become visible here once they are this old. Ids are time-ordered but written by several
 * processes; a short settle window keeps a slower transaction from committing an earlier id
 * behind a reader's cursor, so paging with `after` never skips an event.
 */
export const FEED_SETTLE_MS = 1000;

@ApiTags('events')
@ApiBearerAuth('apiKey')
@Controller('api/core/event')
export class EventsController {
  constructor(
    private readonly events: EventsRepository,
    private readonly streams: EventStreams,
    private readonly credentials: CredentialCheck,
  ) {}

  /** The workspace's events in order: page with after=<last eventId> until list is empty. */
  @Get('list')
  @ApiOperation({
    summary: 'The catch-up feed: events in order',
    description:
      'Page with after=<last eventId> until the list is empty (spec 6.4.6). Events appear one second after they occur.',
  })
  @ApiAnswer(200, EventList)
  @ApiErrors(400)
  async list(@Auth() auth: RequestAuth, @Query() q: EventFeedQuery) {
    const { total, list } = await this.events.feed(
      auth.workspaceId,
      { after: q.after, callId: q.callId, type: q.type, settledBefore: new Date(Date.now() - FEED_SETTLE_MS) },
      q.limit ?? 100,
    );
    return { total, list: list.map(presentEvent) };
  }

  @Get('stream')
  @ApiOperation({
    summary: "The live feed: Server-Sent Events of the workspace's call events",
    description:
      'Each message has id = eventId, event = the event name and data = the object /event/list lists. Reconnect ' +
      'with Last-Event-ID (EventSource does) to resume after the last event received: none is missed or repeated. ' +
      'Without it the stream starts now (or after `after`). Filters callId and type; a comment line every 15 s ' +
      'keeps proxies from closing it. Events appear one second after they occur, as in /event/list. The stream ' +
      'ends within 2 s of its key being revoked or its session ending; one key or session holds at most ' +
      'EVENT_STREAMS_PER_CREDENTIAL (default 10) open streams, the next answers 429.',
  })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The last eventId received' })
  @ApiOkResponse({ description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiErrors(400, 429)
  async stream(
    @Auth() auth: RequestAuth,
    @Query() q: EventFeedQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest & { sessionToken?: string },
    @Res() res: FastifyReply,
  ): Promise<void> {
    if (lastEventId !== undefined && !/^evt_[0-9a-z]{26}$/.test(lastEventId)) {
      throw ApiError.badRequest('Last-Event-ID must be an eventId (evt_…)');
    }
    const filter = { callId: q.callId, type: q.type };
    const access = {
      credentialId: auth.keyId ?? auth.sessionId,
      stillHolds: () => this.credentials.holds(auth, req.sessionToken, 'viewer'),
    };
    await this.streams.serve(auth.workspaceId, filter, lastEventId ?? q.after, FEED_SETTLE_MS, access, res);
  }
}
