import { Injectable } from '@nestjs/common';
import { type Prisma, PrismaService } from '@app/db';

export interface EventFeedFilter {
  after?: string;
  callId?: string;
  type?: string;
  /** Only events that occurred before this are served (see EventsService for why). */
  settledBefore: Date;
}

/** The workspace's event log, in id order (ids are time-sortable). */
@Injectable()
export class EventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async feed(workspaceId: string, filter: EventFeedFilter, limit: number) {
    const where: Prisma.CallEventWhereInput = {
      workspaceId,
      id: filter.after ? { gt: filter.after } : undefined,
      callId: filter.callId,
      type: filter.type,
      occurredAt: { lt: filter.settledBefore },
    };
    const [total, list] = await Promise.all([
      this.prisma.callEvent.count({ where }),
      this.prisma.callEvent.findMany({ where, orderBy: { id: 'asc' }, take: limit }),
    ]);
    return { total, list };
  }
}
