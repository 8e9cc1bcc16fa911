import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { EventList } from '../openapi/schemas';
import { EventFeedQuery } from '@app/contracts';
import { EventsRepository } from '@app/db';
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
  @ApiOperation({ summary: 'The catch-up feed: events in order', description: 'Page with after=<last eventId> until the list is empty (spec 6.4.6). Events appear one second after they occur.' })
  @ApiOkResponse({ type: EventList })
  @ApiErrors(400)
  async list(@Auth() auth: RequestAuth, @Query() q: EventFeedQuery) {
    const { total, list } = await this.events.feed(
      auth.workspaceId,
      { after: q.after, callId: q.callId, type: q.type, settledBefore: new Date(Date.now() - FEED_SETTLE_MS) },
      q.limit ?? 100,
    );
    return {
      total,
      list: list.map((e) => ({
        eventId: e.id, event: e.type, callId: e.callId, sequence: e.sequence, occurredAt: e.occurredAt.toISOString(), data: e.data,
      })),
    };
  }
}
