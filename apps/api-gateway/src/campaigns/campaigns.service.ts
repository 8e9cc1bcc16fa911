import { Injectable } from '@nestjs/common';
import {
  CampaignsRepository,
  checkRecipients,
  MAX_PROBLEMS_SHOWN,
  presentCampaign,
  presentRecipient,
  type AddRecipientsDto,
  type CallingWindow,
  type CreateCampaignDto,
  type RecipientListQuery,
} from '@app/campaigns';
import { EventPublisher } from '@app/calls';
import type { Campaign } from '@app/db';
import { ApiError, pageWindow, type PageQuery } from '@app/platform';
import { NumbersRepository } from '@app/telephony';

const DEFAULT_MAX_CONCURRENCY = 5;

/** Campaigns: validated whole (every bad row named) before anything is written. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly numbers: NumbersRepository,
    private readonly publisher: EventPublisher,
  ) {}

  async create(workspaceId: string, dto: CreateCampaignDto) {
    const { recipients, duplicates } = this.checked(dto.recipients);
    const from = dto.from
      ? await this.numbers.findByNumber(workspaceId, dto.from)
      : await this.numbers.findDefault(workspaceId);
    if (dto.from && !from) throw ApiError.unprocessable(`from ${dto.from} is not a number of this workspace.`);
    const schedule = dto.schedule ?? {};
    const created = await this.campaigns.create(
      workspaceId,
      {
        name: dto.name,
        assistantId: dto.agentId,
        from: from?.number ?? null,
        numberId: from?.id ?? null,
        timezone: schedule.timezone ?? 'UTC',
        startAt: schedule.startAt ? new Date(schedule.startAt) : null,
        window: (schedule.window as CallingWindow | null | undefined) ?? null,
        maxConcurrency: dto.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
        callsPerMinute: dto.callsPerMinute ?? null,
        retry: dto.retry ?? null,
      },
      recipients,
    );
    if (!created) throw ApiError.notFound('Assistant', dto.agentId);
    return { ...(await this.present(created)), duplicates };
  }

  async addRecipients(workspaceId: string, campaignId: string, dto: AddRecipientsDto) {
    const { recipients, duplicates } = this.checked(dto.recipients);
    const result = await this.campaigns.addRecipients(workspaceId, campaignId, recipients);
    if (result === 'not-found') throw ApiError.notFound('Campaign', campaignId);
    if (result === 'finished')
      throw ApiError.conflict(`Campaign ${campaignId} has finished; recipients cannot be added.`);
    return { added: result.added, duplicates: [...new Set([...duplicates, ...result.duplicates])] };
  }

  async get(workspaceId: string, campaignId: string) {
    const found = await this.campaigns.find(workspaceId, campaignId);
    if (!found) throw ApiError.notFound('Campaign', campaignId);
    return this.present(found);
  }

  async list(workspaceId: string, q: PageQuery) {
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.campaigns.list(workspaceId, skip, take);
    const counts = await this.campaigns.counts(list.map((c) => c.id));
    return { total, list: list.map((c) => presentCampaign(c, counts.get(c.id)!)) };
  }

  async recipients(workspaceId: string, campaignId: string, q: RecipientListQuery) {
    await this.get(workspaceId, campaignId);
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.campaigns.recipients(campaignId, q.outcome, skip, take);
    return { total, list: list.map(presentRecipient) };
  }

  /** pause: scheduled or running → paused; resume: paused → running; cancel: any unfinished → cancelled. */
  async move(workspaceId: string, campaignId: string, action: 'pause' | 'resume' | 'cancel') {
    const [from, to] = {
      pause: [['scheduled', 'running'], 'paused'] as const,
      resume: [['paused'], 'running'] as const,
      cancel: [['scheduled', 'running', 'paused'], 'cancelled'] as const,
    }[action];
    const moved = await this.campaigns.move(workspaceId, campaignId, [...from], to);
    if (moved) {
      if (moved.event) await this.publisher.publish([moved.event]);
      return this.present(moved.campaign);
    }
    const found = await this.get(workspaceId, campaignId);
    throw ApiError.conflict(`Campaign ${campaignId} is ${found.status}; it cannot ${action}.`);
  }

  private checked(rows: unknown) {
    const { recipients, duplicates, problems } = checkRecipients(rows);
    if (problems.length > 0) {
      const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ');
      const more = problems.length > MAX_PROBLEMS_SHOWN ? ` (and ${problems.length - MAX_PROBLEMS_SHOWN} more)` : '';
      throw ApiError.unprocessable(`${problems.length} recipient row(s) are invalid: ${shown}${more}`);
    }
    return { recipients, duplicates };
  }

  private async present(c: Campaign) {
    const counts = await this.campaigns.counts([c.id]);
    return presentCampaign(c, counts.get(c.id)!);
  }
}
