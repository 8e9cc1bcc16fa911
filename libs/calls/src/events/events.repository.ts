import { Injectable } from '@nestjs/common';
import { type Prisma, PrismaService } from '@app/db';
import { WEBHOOK_TEST_EVENT } from './event-data';

export interface EventFeedFilter {
  after?: string;
  callId?: string;
  type?: string;
  /** Only events that occurred before this are served (see EventsService for why). */
  settledBefore: Date;
}

const MARK_PUBLISHED = `
  UPDATE "CallEvent" SET "publishedAt" = now() AT TIME ZONE 'UTC' WHERE id = ANY($1::text[]) AND "publishedAt" IS NULL`;

/** The workspace's event log, in id order (ids are time-sortable). */
@Injectable()
export class EventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The events were handed to the dispatcher (the reconciler stops looking at them). */
  async markPublished(eventIds: string[]): Promise<void> {
    await this.prisma.sql('events-published', MARK_PUBLISHED, [eventIds]);
  }

  async feed(workspaceId: string, filter: EventFeedFilter, limit: number) {
    const [total, list] = await Promise.all([
      this.prisma.callEvent.count({ where: this.where(workspaceId, filter) }),
      this.next(workspaceId, filter, limit),
    ]);
    return { total, list };
  }

  /** The next events after the cursor, without counting (live streams poll this, for one or many workspaces). */
  next(workspaceId: string | string[], filter: EventFeedFilter, limit: number) {
    return this.prisma.callEvent.findMany({
      where: this.where(workspaceId, filter),
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  private where(workspaceId: string | string[], filter: EventFeedFilter): Prisma.CallEventWhereInput {
    return {
      workspaceId: typeof workspaceId === 'string' ? workspaceId : { in: workspaceId },
      id: filter.after ? { gt: filter.after } : undefined,
      callId: filter.callId,
      type: filter.type,
      NOT: { type: WEBHOOK_TEST_EVENT },
      occurredAt: { lt: filter.settledBefore },
    };
  }
}
