import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { PrismaService } from '@app/db';

/** The do-not-call list of each workspace; a number is listed at most once per workspace. */
@Injectable()
export class DncRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Lists the number; one already listed keeps its entry. Answers the entry and whether it is new. */
  async add(workspaceId: string, number: string, reason: string | null) {
    const [row] = await this.prisma.$queryRaw<{ id: string; inserted: boolean }[]>`
      WITH added AS (
        INSERT INTO "DncEntry" (id, "workspaceId", number, reason)
        VALUES (${newId('dnc')}, ${workspaceId}, ${number}, ${reason})
        ON CONFLICT ("workspaceId", number) DO NOTHING
        RETURNING id
      )
      SELECT id, true AS inserted FROM added
      UNION ALL
      SELECT id, false FROM "DncEntry" WHERE "workspaceId" = ${workspaceId} AND number = ${number}
      LIMIT 1`;
    const entry = await this.prisma.dncEntry.findUniqueOrThrow({ where: { id: row.id } });
    return { entry, created: row.inserted };
  }

  isListed(workspaceId: string, number: string) {
    return this.prisma.dncEntry
      .findUnique({ where: { workspaceId_number: { workspaceId, number } }, select: { id: true } })
      .then((e) => e !== null);
  }

  async list(workspaceId: string, skip: number, take: number) {
    const where = { workspaceId };
    const [total, list] = await Promise.all([
      this.prisma.dncEntry.count({ where }),
      this.prisma.dncEntry.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  async remove(workspaceId: string, number: string): Promise<boolean> {
    const { count } = await this.prisma.dncEntry.deleteMany({ where: { workspaceId, number } });
    return count === 1;
  }
}
