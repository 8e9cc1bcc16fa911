import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { PrismaService } from '@app/db';
import { contract } from '@app/platform';

/**
 * GET /api/core/backlog: what the queues hold for one workspace, counted from its own rows (Bull
 * Board shows every tenant's jobs, so it is for operators only).
 */
export const WorkspaceBacklog = contract(
  'WorkspaceBacklog',
  z.object({
    pendingDials: z.number().int().describe('Calls accepted and not yet answered (status ringing)'),
    pendingDeliveries: z.number().int().describe('Webhook deliveries waiting for their next attempt'),
    failedDeliveries: z.number().int().describe('Webhook deliveries that used up their attempts'),
  }),
);
export type WorkspaceBacklog = z.infer<typeof WorkspaceBacklog>;

@Injectable()
export class WorkspaceBacklogRepository {
  constructor(private readonly prisma: PrismaService) {}

  async of(workspaceId: string): Promise<WorkspaceBacklog> {
    const [row] = await this.prisma.$queryRaw<WorkspaceBacklog[]>`
      SELECT (SELECT count(*)::int FROM "Call"
              WHERE "workspaceId" = ${workspaceId} AND status = 'ringing') AS "pendingDials",
             (SELECT count(*)::int FROM "WebhookDelivery"
              WHERE "workspaceId" = ${workspaceId} AND status = 'pending') AS "pendingDeliveries",
             (SELECT count(*)::int FROM "WebhookDelivery"
              WHERE "workspaceId" = ${workspaceId} AND status = 'failed') AS "failedDeliveries"`;
    return row;
  }
}
