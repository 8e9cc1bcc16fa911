import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { PrismaService } from '@app/db';

@Injectable()
export class WorkspacesRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(name: string) {
    return this.prisma.workspace.create({ data: { id: newId('workspace'), name } });
  }

  /** Sets the live-call limit and the slots campaigns leave for inbound calls (operator CLI). */
  setLimits(id: string, limits: { liveCallLimit?: number; reservedForInbound?: number }) {
    return this.prisma.workspace.update({
      where: { id },
      data: limits,
      select: { liveCallLimit: true, reservedForInbound: true },
    });
  }

  /** Days transcripts and recordings are kept after a call ended; null keeps them. */
  setMediaRetention(id: string, mediaRetentionDays: number | null) {
    return this.prisma.workspace.update({
      where: { id },
      data: { mediaRetentionDays },
      select: { mediaRetentionDays: true },
    });
  }

  /** Operators name a workspace by id or by its unique name. */
  findByIdOrName(idOrName: string) {
    return this.prisma.workspace.findFirst({ where: { OR: [{ id: idOrName }, { name: idOrName }] } });
  }
}
