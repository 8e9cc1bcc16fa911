import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { PrismaService } from '@app/db';
import { DISABLED_REASONS } from './webhook-settings';

export interface WebhookInput {
  url: string;
  events: string[];
  secretEnc: string;
  apiKeyEnc: string;
  apiKeyId: string;
}

export interface WebhookChange {
  url?: string;
  events?: string[];
  enabled?: boolean;
  /** The key making the change becomes the one deliveries carry (spec 6.1); unchanged when absent. */
  apiKeyEnc?: string;
  apiKeyId?: string;
}

@Injectable()
export class WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(workspaceId: string, input: WebhookInput) {
    return this.prisma.webhook.create({ data: { ...input, id: newId('webhook'), workspaceId } });
  }

  find(workspaceId: string, id: string) {
    return this.prisma.webhook.findFirst({ where: { workspaceId, id, deletedAt: null } });
  }

  async list(workspaceId: string, skip: number, take: number) {
    const where = { workspaceId, deletedAt: null };
    const [total, list] = await Promise.all([
      this.prisma.webhook.count({ where }),
      this.prisma.webhook.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  /**
   * Applies a change. Enabling clears the disabled reason and restarts the failure clock; any
   * update by a live key also lifts a stop caused by the previous key's revocation.
   * Returns the webhook before and after.
   */
  async update(workspaceId: string, id: string, change: WebhookChange) {
    const before = await this.find(workspaceId, id);
    if (!before) return null;
    const { enabled, ...rest } = change;
    const resume =
      enabled === true || (enabled === undefined && before.disabledReason === DISABLED_REASONS.apiKeyRevoked);
    const data = {
      ...rest,
      ...(resume
        ? { enabled: true, disabledReason: null, failingSince: null }
        : enabled === false
          ? { enabled: false, disabledReason: DISABLED_REASONS.byApi }
          : {}),
    };
    const { count } = await this.prisma.webhook.updateMany({ where: { workspaceId, id, deletedAt: null }, data });
    const after = count === 0 ? null : await this.find(workspaceId, id);
    return after ? { before, after } : null;
  }

  /** Soft delete: the delivery log keeps pointing at it. */
  async remove(workspaceId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.webhook.updateMany({
      where: { workspaceId, id, deletedAt: null },
      data: { deletedAt: new Date(), enabled: false, disabledReason: 'deleted' },
    });
    return count > 0;
  }
}
