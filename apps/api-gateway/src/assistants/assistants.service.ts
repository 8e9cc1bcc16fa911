import { Injectable } from '@nestjs/common';
import {
  AssistantsRepository,
  normaliseAnalysis,
  normaliseListening,
  normaliseVoicemail,
  presentAssistant,
  sealBrain,
  sealTranscriber,
  sealToolServers,
  type AssistantRecord,
  type BrainSetting,
  type TranscriberSetting,
  type CreateAssistantDto,
  type McpToolServer,
  type UpdateAssistantDto,
} from '@app/assistants';
import {
  ApiError,
  AppConfig,
  outboundUrlProblem,
  pageWindow,
  SecretBox,
  type ListEnvelope,
  type PageQuery,
} from '@app/platform';
import { Prisma } from '@app/db';
import { NumbersRepository } from '@app/telephony';

@Injectable()
export class AssistantsService {
  constructor(
    private readonly assistants: AssistantsRepository,
    private readonly config: AppConfig,
    private readonly numbers: NumbersRepository,
    private readonly secrets: SecretBox,
  ) {}

  async create(workspaceId: string, dto: CreateAssistantDto): Promise<AssistantRecord> {
    await this.checkToolUrls(dto.tools);
    await this.checkBrainUrl(dto.brain);
    await this.checkTranscriberUrl(dto.transcriber);
    checkAnalysisBrain(dto.analysis, dto.brain);
    const created = await this.assistants.create(workspaceId, {
      name: dto.name,
      language: dto.language ?? 'en',
      voice: dto.voice ?? null,
      firstMessage: dto.firstMessage ?? null,
      systemPrompt: dto.systemPrompt ?? null,
      script: (dto.script ?? []) as object[],
      tools: sealToolServers(dto.tools ?? [], this.secrets) as object[],
      maxDurationSec: dto.maxDurationSec ?? 600,
      voicemail: dto.voicemail ? normaliseVoicemail(dto.voicemail) : Prisma.DbNull,
      listening: dto.listening ? normaliseListening(dto.listening) : Prisma.DbNull,
      brain: dto.brain ? (sealBrain(dto.brain, this.secrets) as object) : Prisma.DbNull,
      analysis: dto.analysis ? (normaliseAnalysis(dto.analysis) as object) : Prisma.DbNull,
      transcriber: dto.transcriber ? (sealTranscriber(dto.transcriber, this.secrets) as object) : Prisma.DbNull,
    });
    return presentAssistant(created);
  }

  async get(workspaceId: string, agentId: string): Promise<AssistantRecord> {
    const found = await this.assistants.find(workspaceId, agentId);
    if (!found) throw ApiError.notFound('Assistant', agentId);
    return presentAssistant(found);
  }

  async list(workspaceId: string, q: PageQuery): Promise<ListEnvelope<AssistantRecord>> {
    const { skip, take } = pageWindow(q);
    const { total, list } = await this.assistants.list(workspaceId, skip, take);
    return { total, list: list.map(presentAssistant) };
  }

  async update(workspaceId: string, agentId: string, dto: UpdateAssistantDto): Promise<AssistantRecord> {
    await this.checkToolUrls(dto.tools);
    await this.checkBrainUrl(dto.brain);
    await this.checkTranscriberUrl(dto.transcriber);
    const { script, tools, voicemail, listening, brain, analysis, transcriber, ...rest } = dto;
    const found =
      brain !== undefined || analysis || transcriber ? await this.assistants.find(workspaceId, agentId) : null;
    checkAnalysisBrain(
      analysis === undefined ? found?.analysis : analysis,
      brain === undefined ? (found?.brain as BrainSetting | null) : brain,
    );
    // a PATCH that leaves the key out (or sends it masked) keeps the stored one
    const before = found?.brain;
    const updated = await this.assistants.update(workspaceId, agentId, {
      ...rest,
      ...(voicemail === undefined ? {} : { voicemail: voicemail ? normaliseVoicemail(voicemail) : Prisma.DbNull }),
      ...(listening === undefined ? {} : { listening: listening ? normaliseListening(listening) : Prisma.DbNull }),
      ...(analysis === undefined
        ? {}
        : { analysis: analysis ? (normaliseAnalysis(analysis) as object) : Prisma.DbNull }),
      ...(script === undefined ? {} : { script: script as object[] }),
      ...(tools === undefined ? {} : { tools: sealToolServers(tools, this.secrets) as object[] }),
      ...(brain === undefined
        ? {}
        : { brain: brain ? (sealBrain(brain, this.secrets, before) as object) : Prisma.DbNull }),
    });
    if (!updated) throw ApiError.notFound('Assistant', agentId);
    return presentAssistant(updated);
  }

  async remove(workspaceId: string, agentId: string): Promise<void> {
    const outcome = await this.assistants.remove(workspaceId, agentId);
    if (outcome === 'not-found') throw ApiError.notFound('Assistant', agentId);
    if (outcome === 'has-live-calls') {
      throw ApiError.conflict(`Assistant ${agentId} has live calls; end them or wait until they finish, then retry.`);
    }
    if (outcome === 'answers-numbers') {
      const numbers = (await this.numbers.numbersOfAssistant(workspaceId, agentId)).map((n) => n.number);
      throw ApiError.conflict(`Assistant ${agentId} answers ${numbers.join(', ')}; give them another assistant first.`);
    }
  }

  /** A brain's server or API obeys the same SSRF rules as webhooks. */
  private async checkBrainUrl(brain: BrainSetting | null | undefined): Promise<void> {
    const url = brain?.type === 'server' ? brain.url : brain?.type === 'openai' ? brain.baseUrl : undefined;
    if (!url) return;
    const options = { allowHttp: true, allowPrivateNetworks: this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS };
    const problem = await outboundUrlProblem(url, options, brain?.type === 'server' ? 'brain.url' : 'brain.baseUrl');
    if (problem) throw ApiError.unprocessable(problem);
  }

  /** A recogniser's endpoint obeys the SSRF rules of webhooks (its ws/wss checked as http/https). */
  private async checkTranscriberUrl(transcriber: TranscriberSetting | null | undefined): Promise<void> {
    if (!transcriber?.url) return;
    const asHttp = transcriber.url.replace(/^ws/, 'http');
    const options = { allowHttp: true, allowPrivateNetworks: this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS };
    const problem = await outboundUrlProblem(asHttp, options, 'transcriber.url');
    if (problem) throw ApiError.unprocessable(problem);
  }

  /** Tool servers obey the same SSRF rules as webhooks. */
  private async checkToolUrls(tools: McpToolServer[] | undefined): Promise<void> {
    for (const [i, tool] of (tools ?? []).entries()) {
      const problem = await outboundUrlProblem(
        tool.url,
        {
          allowHttp: true,
          allowPrivateNetworks: this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
        },
        `tools[${i}].url`,
      );
      if (problem) throw ApiError.unprocessable(problem);
    }
  }
}

/** Post-call analysis is the model brain's work: an assistant without one cannot ask for it. */
function checkAnalysisBrain(analysis: unknown, brain: BrainSetting | null | undefined): void {
  if (analysis && brain?.type !== 'openai') {
    throw ApiError.unprocessable('analysis needs a model brain: set brain.type "openai" (README "Post-call analysis")');
  }
}
