import { Injectable } from '@nestjs/common';
import { newId, type SecretBox } from '@app/platform';
import { type Prisma, PrismaService } from '@app/db';
import { LIVE_STATUSES } from '@app/calls/vocabulary';
import { hasClearHeaders, openToolServers, sealToolServers } from './tool-headers';

export type AssistantInput = Omit<
  Prisma.AssistantUncheckedCreateInput,
  'id' | 'workspaceId' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

type RemoveOutcome = 'deleted' | 'not-found' | 'has-live-calls' | 'answers-numbers';

@Injectable()
export class AssistantsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(workspaceId: string, data: AssistantInput) {
    return this.prisma.assistant.create({ data: { ...data, id: newId('assistant'), workspaceId } });
  }

  find(workspaceId: string, id: string) {
    return this.prisma.assistant.findFirst({ where: { workspaceId, id, deletedAt: null } });
  }

  async list(workspaceId: string, skip: number, take: number) {
    const where = { workspaceId, deletedAt: null };
    const [total, list] = await Promise.all([
      this.prisma.assistant.count({ where }),
      this.prisma.assistant.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  async update(workspaceId: string, id: string, data: Partial<AssistantInput>) {
    const { count } = await this.prisma.assistant.updateMany({ where: { workspaceId, id, deletedAt: null }, data });
    return count === 0 ? null : this.find(workspaceId, id);
  }

  /**
   * Soft-deletes unless a call is live on it or a number answers with it. The check and the delete
   * share one transaction with a row lock on the assistant, and start-call locks it too, so no call
   * can slip in between.
   */
  async remove(workspaceId: string, id: string): Promise<RemoveOutcome> {
    return this.prisma.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Assistant"
        WHERE id = ${id} AND "workspaceId" = ${workspaceId} AND "deletedAt" IS NULL
        FOR UPDATE`;
      if (locked.length === 0) return 'not-found';
      const live = await tx.call.count({ where: { workspaceId, assistantId: id, status: { in: LIVE_STATUSES } } });
      if (live > 0) return 'has-live-calls';
      // Numbers lock the assistant too when they attach it, so none can be attached meanwhile.
      if ((await tx.phoneNumber.count({ where: { workspaceId, assistantId: id } })) > 0) return 'answers-numbers';
      await tx.assistant.update({ where: { id }, data: { deletedAt: new Date() } });
      return 'deleted';
    });
  }

  /**
   * Seals tool-server header values still stored in clear (rows written before they were
   * encrypted at rest); `cli migrate` runs it. Row by row under a lock, so it can run twice.
   */
  async sealClearToolHeaders(box: SecretBox): Promise<number> {
    const candidates = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Assistant" WHERE jsonb_path_exists(tools, '$[*].headers')`;
    let sealed = 0;
    for (const { id } of candidates) {
      await this.prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<
          { tools: unknown }[]
        >`SELECT tools FROM "Assistant" WHERE id = ${id} FOR UPDATE`;
        if (!row || !hasClearHeaders(row.tools)) return;
        const tools = sealToolServers(openToolServers(row.tools, box), box) as object[];
        await tx.assistant.update({ where: { id }, data: { tools } });
        sealed++;
      });
    }
    return sealed;
  }
}
