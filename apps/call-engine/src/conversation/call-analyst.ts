import { Injectable, Logger } from '@nestjs/common';
import { fetch as undiciFetch } from 'undici';
import { openBrain, schemaErrors, type AnalysisSetting } from '@app/assistants';
import type { CallAnalysis } from '@app/calls';
import { AppConfig, SecretBox } from '@app/platform';
import { isBlockedLiteral, outboundAgent } from '@app/platform/http';
import type { LoadedCall } from '../lifecycle/loaded-call';

/** A connected call whose assistant asks for post-call analysis by its model brain owes one. */
export function owesAnalysis(call: LoadedCall): boolean {
  return call.assistant.analysis !== null && (call.assistant.brain as { type?: string } | null)?.type === 'openai';
}

/** The longest one analysis request may take. */
export const ANALYSIS_TIMEOUT_MS = 30_000;
const ATTEMPTS = 3;

/**
 * Post-call analysis with the assistant's model brain (README "Post-call analysis"): one
 * chat-completions request (not streamed, `response_format` json_schema) over the transcript for a
 * summary, the structured data the assistant's schema asks for, and a success judgement. The data
 * is checked against the schema here too: a model that does not follow it gets an error, not trust.
 */
@Injectable()
export class CallAnalyst {
  private readonly logger = new Logger(CallAnalyst.name);

  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
  ) {}

  async analyse(call: LoadedCall, transcript: string): Promise<CallAnalysis> {
    const brain = openBrain(call.assistant.brain, this.secrets);
    const setting = call.assistant.analysis as AnalysisSetting | null;
    const model = brain?.model ?? 'none';
    const result = (fields: Partial<CallAnalysis>): CallAnalysis => ({
      summary: null,
      structuredData: null,
      success: null,
      successReason: null,
      error: null,
      model,
      analysedAt: new Date().toISOString(),
      ...fields,
    });
    if (!brain || brain.type !== 'openai' || !setting) return result({ error: 'the assistant has no model brain' });
    let lastError = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const answer = await this.ask(brain.baseUrl!, brain.model!, brain.secret, setting, transcript, call.id);
        const data = answer.structuredData;
        const problems =
          setting.structuredDataSchema && data !== undefined ? schemaErrors(setting.structuredDataSchema, data) : [];
        return result({
          summary: setting.summary ? (answer.summary ?? null) : null,
          structuredData: setting.structuredDataSchema && !problems.length ? (data as Record<string, unknown>) : null,
          success: setting.successCriteria ? (answer.success ?? null) : null,
          successReason: setting.successCriteria ? (answer.successReason ?? null) : null,
          error: problems.length ? `the structured data did not match the schema: ${problems.join('; ')}` : null,
        });
      } catch (e) {
        lastError = (e as Error).message;
        this.logger.warn({ callId: call.id, attempt, err: lastError, msg: 'post-call analysis failed' });
        if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
    }
    return result({ error: `the model failed: ${lastError}` });
  }

  private async ask(
    baseUrl: string,
    model: string,
    apiKey: string | null,
    setting: AnalysisSetting,
    transcript: string,
    callId: string,
  ): Promise<{ summary?: string; structuredData?: unknown; success?: boolean; successReason?: string }> {
    const allowPrivate = this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
    if (!allowPrivate && isBlockedLiteral(url)) throw new Error(`refused: ${url} is a private or reserved address`);
    const properties: Record<string, object> = {};
    if (setting.summary) properties.summary = { type: 'string' };
    if (setting.structuredDataSchema) properties.structuredData = setting.structuredDataSchema;
    if (setting.successCriteria) {
      properties.success = { type: 'boolean' };
      properties.successReason = { type: 'string' };
    }
    const asked = [
      'You analyse the transcript of a phone call handled by a voice assistant. Answer with JSON only.',
      setting.summary ? 'summary: two or three sentences on what the call was about and how it ended.' : '',
      setting.structuredDataSchema ? 'structuredData: the data the schema describes, taken from the call.' : '',
      setting.successCriteria ? `success: whether the call met this: ${setting.successCriteria}` : '',
    ].filter(Boolean);
    const agent = outboundAgent(allowPrivate, ANALYSIS_TIMEOUT_MS);
    try {
      const response = await undiciFetch(url, {
        method: 'POST',
        dispatcher: agent,
        signal: AbortSignal.timeout(ANALYSIS_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'x-call-id': callId,
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          model,
          messages: [
            { role: 'system', content: asked.join('\n') },
            { role: 'user', content: transcript },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: 'call_analysis',
              schema: { type: 'object', properties, required: Object.keys(properties) },
            },
          },
        }),
      });
      if (!response.ok) throw new Error(`the model answered HTTP ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new Error('the model sent no message');
      const parsed: unknown = JSON.parse(content);
      if (!parsed || typeof parsed !== 'object') throw new Error('the model did not answer a JSON object');
      return parsed as { summary?: string; structuredData?: unknown; success?: boolean; successReason?: string };
    } finally {
      await agent.destroy().catch(() => undefined);
    }
  }
}
