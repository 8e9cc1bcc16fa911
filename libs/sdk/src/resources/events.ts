import { eventStream, type StreamOptions } from '../core/event-stream.js';
import type { RequestOptions } from '../core/http.js';
import { CursorList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type { EventRecord, ListEventsParams } from '../types.js';

/** The workspace's event feed: every event your webhooks get, to read back or follow live. */
export class Events extends Resource {
  /** Events after `after` (oldest first); iterating moves the cursor until the feed is read. */
  list(params: ListEventsParams = {}, options?: RequestOptions): CursorList<EventRecord> {
    const { after, ...filters } = params;
    return new CursorList(
      (cursor) => this.httpGet('/api/core/event/list', { ...filters, after: cursor }, options),
      (event) => event.eventId,
      after,
    );
  }

  /**
   * Live events as they happen (server-sent events): an endless iterator that reconnects on its own
   * and resumes after the last event it gave, so none is missed or repeated. Stop it with `break` or
   * the signal. `lastEventId` resumes a previous stream; `after` starts after an eventId.
   */
  stream(params: Omit<ListEventsParams, 'limit'> = {}, options: StreamOptions = {}): AsyncGenerator<EventRecord, void> {
    return eventStream<EventRecord>(this.http, '/api/core/event/stream', params, options);
  }
}
