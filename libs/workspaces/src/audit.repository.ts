import { Injectable, Logger } from '@nestjs/common';
import { newId } from '@app/platform';
import { Prisma, PrismaService } from '@app/db';

/** Security-relevant actions the audit log records. */
export const AUDIT_ACTIONS = [
  'login.succeeded',
  'login.failed',
  'password.changed',
  'key.created',
  'key.revoked',
  'member.invited',
  'member.invite_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'number.added',
  'number.updated',
  'number.released',
  'dnc.added',
  'dnc.removed',
  'trunk.created',
  'trunk.updated',
  'trunk.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: an account, through a key or a session, from an address. */
export interface AuditActor {
  workspaceId: string;
  accountId: string | null;
  keyId: string | null;
  clientIp?: string | null;
}

export interface AuditFilter {
  action?: string;
  actorAccountId?: string;
  since?: Date;
  until?: Date;
}

@Injectable()
export class AuditRepository {
  private readonly logger = new Logger(AuditRepository.name);

  constructor(private readonly prisma: PrismaService) {}

  /**
   * Appends an entry. The action already happened: a failure to record it is logged loudly
   * rather than turned into an error answer for work that was done.
   */
  async record(
    actor: AuditActor,
    action: AuditAction,
    target?: { type: string; id: string },
    details?: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.prisma.auditEntry.create({
        data: {
          id: newId('audit'),
          workspaceId: actor.workspaceId,
          action,
          actorAccountId: actor.accountId,
          actorKeyId: actor.keyId,
          clientIp: actor.clientIp?.slice(0, 100) ?? null,
          targetType: target?.type ?? null,
          targetId: target?.id ?? null,
          details: (details as Prisma.InputJsonObject) ?? Prisma.JsonNull,
        },
      });
    } catch (e) {
      this.logger.error({ action, err: (e as Error).message, msg: 'audit entry not recorded' });
    }
  }

  async list(workspaceId: string, filter: AuditFilter, skip: number, take: number) {
    const where: Prisma.AuditEntryWhereInput = {
      workspaceId,
      action: filter.action,
      actorAccountId: filter.actorAccountId,
      at: { gte: filter.since, lt: filter.until },
    };
    const [total, list] = await this.prisma.$transaction([
      this.prisma.auditEntry.count({ where }),
      this.prisma.auditEntry.findMany({ where, orderBy: { id: 'desc' }, skip, take }),
    ]);
    return { total, list };
  }
}
