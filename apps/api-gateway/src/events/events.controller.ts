import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { EventFeedQuery, EventList, EventsRepository, presentEvent } from '@app/calls';
import { Auth, type RequestAuth } from '../auth/auth.decorators';

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
  constructor(private readonly events: EventsRepository) {}

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
}
