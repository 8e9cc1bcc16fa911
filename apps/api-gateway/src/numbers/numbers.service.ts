import { Inject, Injectable } from '@nestjs/common';
import { ApiError, AppConfig, outboundUrlProblem, pageWindow, SecretBox, type PageQuery } from '@app/platform';
import {
  NumbersRepository,
  presentNumber,
  TELEPHONY_PROVIDER,
  type CreateNumberDto,
  type NumberWithDefault,
  type PhoneNumberRecord,
  type TelephonyProvider,
  type UpdateNumberDto,
} from '@app/telephony';
import { generateWebhookSecret } from '@app/webhooks';

const present = (n: NumberWithDefault) => presentNumber(n.row, n.isDefault);
/** Tries of a provisioning that loses the race for its candidate to another request. */
const PROVISION_TRIES = 3;

/** Numbers a workspace holds: provisioned through the telephony provider, or imported. */
@Injectable()
export class NumbersService {
  constructor(
    private readonly numbers: NumbersRepository,
    private readonly secrets: SecretBox,
    private readonly config: AppConfig,
    @Inject(TELEPHONY_PROVIDER) private readonly telephony: TelephonyProvider,
  ) {}

  /** Returns the record plus the assistant-request signing secret, shown this once. */
  async create(
    workspaceId: string,
    dto: CreateNumberDto,
  ): Promise<PhoneNumberRecord & { assistantRequestSecret: string }> {
    if (dto.number && (dto.country || dto.areaCode)) {
      throw ApiError.unprocessable('country and areaCode choose a number to provision; leave them out with number.');
    }
    if (dto.trunkId && !dto.number) {
      throw ApiError.unprocessable('trunkId names the trunk of a number you import: send number with it.');
    }
    if (dto.assistantRequestUrl) await this.checkUrl(dto.assistantRequestUrl);
    const secret = generateWebhookSecret();
    const input = {
      label: dto.label ?? null,
      assistantId: dto.agentId ?? null,
      assistantRequestUrl: dto.assistantRequestUrl ?? null,
      assistantRequestSecretEnc: this.secrets.seal(secret),
      trunkId: dto.trunkId ?? null,
    };
    for (let i = 0; i < PROVISION_TRIES; i++) {
      const number = dto.number ?? (await this.provisionable(dto));
      const source = dto.number ? ('imported' as const) : ('provisioned' as const);
      const result = await this.numbers.create(workspaceId, { ...input, number, source });
      if (result.kind === 'created') return { ...present(result.number), assistantRequestSecret: secret };
      if (result.kind === 'assistant-not-found') throw ApiError.notFound('Assistant', dto.agentId ?? '');
      if (result.kind === 'trunk-not-found') throw ApiError.notFound('SIP trunk', dto.trunkId ?? '');
      if (dto.number) throw ApiError.conflict(`${dto.number} is already held by a workspace.`);
    }
    throw ApiError.conflict('Every number the provider offered was taken meanwhile; try again.');
  }

  async get(workspaceId: string, numberId: string): Promise<PhoneNumberRecord> {
    const found = await this.numbers.find(workspaceId, numberId);
    if (!found) throw ApiError.notFound('Number', numberId);
    return present(found);
  }

  async list(workspaceId: string, q: PageQuery) {
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.numbers.list(workspaceId, skip, take);
    return { total, list: list.map(present) };
  }

  async update(workspaceId: string, numberId: string, dto: UpdateNumberDto) {
    if (dto.assistantRequestUrl) await this.checkUrl(dto.assistantRequestUrl);
    const secret = dto.rotateSecret ? generateWebhookSecret() : undefined;
    const updated = await this.numbers.update(workspaceId, numberId, {
      label: dto.label,
      assistantId: dto.agentId,
      assistantRequestUrl: dto.assistantRequestUrl,
      assistantRequestSecretEnc: secret && this.secrets.seal(secret),
      default: dto.default,
    });
    if (updated === 'not-found') throw ApiError.notFound('Number', numberId);
    if (updated === 'assistant-not-found') throw ApiError.notFound('Assistant', dto.agentId ?? '');
    return { ...present(updated), ...(secret ? { assistantRequestSecret: secret } : {}) };
  }

  /** Releases the number; answers what was released (for the audit trail). */
  async release(workspaceId: string, numberId: string) {
    const released = await this.numbers.remove(workspaceId, numberId);
    if (!released) throw ApiError.notFound('Number', numberId);
    return released;
  }

  private async provisionable(dto: CreateNumberDto): Promise<string> {
    const offer = this.telephony.availableNumbers({ country: dto.country, areaCode: dto.areaCode });
    if ('problem' in offer) throw ApiError.unprocessable(offer.problem);
    const free = await this.numbers.firstFree(offer.numbers);
    if (!free) throw ApiError.conflict('No number is left to provision there; try another areaCode.');
    return free;
  }

  private async checkUrl(url: string): Promise<void> {
    const policy = {
      allowHttp: this.config.WEBHOOK_ALLOW_HTTP,
      allowPrivateNetworks: this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    };
    const problem = await outboundUrlProblem(url, policy, 'assistantRequestUrl');
    if (problem) throw ApiError.unprocessable(problem);
  }
}
