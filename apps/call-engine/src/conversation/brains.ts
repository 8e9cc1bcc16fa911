import { Injectable } from '@nestjs/common';
import { fetch as undiciFetch } from 'undici';
import {
  DEFAULT_BRAIN_TIMEOUT_MS,
  DEFAULT_FALLBACK_LINE,
  openBrain,
  storedToolServers,
  type StoredBrain,
} from '@app/assistants';
import type { ScriptStep } from '@app/calls';
import { AppConfig, SecretBox } from '@app/platform';
import { isBlockedLiteral, outboundAgent } from '@app/platform/http';
import type { LoadedCall } from '../lifecycle/loaded-call';
import { McpToolRunner, type ToolSession } from '../tools/mcp-tool-runner';
import { answeringBrain, type Answerer } from './answering-brain';
import type { Brain } from './brain';
import { OpenAiAnswerer } from './openai-answerer';
import { scriptBrain } from './script-brain';
import { ServerAnswerer } from './server-answerer';

/** The longest a brain's HTTP exchange may stay idle (its first words have their own, shorter limit). */
const IDLE_MS = 60_000;

/** A call's brain, ready to start, and what it holds open until the call ends. */
export interface CallBrain {
  firstMessage: string;
  start(): Brain;
  tools: ToolSession;
  close(): Promise<void>;
}

/**
 * Makes each call's brain from its assistant (README "Brains"): the script, your own server or an
 * OpenAI-compatible model; requests obey the SSRF rules of webhooks and carry X-Call-Id.
 */
@Injectable()
export class Brains {
  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
    private readonly toolRunner: McpToolRunner,
  ) {}

  forCall(call: LoadedCall): CallBrain {
    const { assistant } = call;
    const firstMessage = assistant.firstMessage ?? `Hello, this is ${assistant.name}.`;
    const tools = this.toolRunner.session(call.id, storedToolServers(assistant.tools));
    const brain = openBrain(assistant.brain, this.secrets);
    if (!brain || brain.type === 'script') {
      const steps = Array.isArray(assistant.script) ? (assistant.script as ScriptStep[]) : [];
      return { firstMessage, start: () => scriptBrain(firstMessage, steps), tools, close: tools.close };
    }
    const allowPrivate = this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    const agent = outboundAgent(allowPrivate, IDLE_MS);
    const fetch = (url: string, init: RequestInit): Promise<Response> => {
      if (!allowPrivate && isBlockedLiteral(url)) throw new Error(`refused: ${url} is a private or reserved address`);
      const headers = { ...(init.headers as Record<string, string>), 'x-call-id': call.id };
      return undiciFetch(url, { ...(init as object), headers, dispatcher: agent }) as unknown as Promise<Response>;
    };
    const answerer = this.answererOf(call, brain, tools, fetch);
    const options = {
      firstMessage,
      timeoutMs: brain.timeoutMs ?? DEFAULT_BRAIN_TIMEOUT_MS,
      fallbackLine: brain.fallbackLine ?? DEFAULT_FALLBACK_LINE,
    };
    return {
      firstMessage,
      start: () => answeringBrain(answerer, options),
      tools,
      close: async () => {
        await tools.close();
        await agent.destroy().catch(() => undefined);
      },
    };
  }

  private answererOf(
    call: LoadedCall,
    brain: StoredBrain & { secret: string | null },
    tools: ToolSession,
    fetch: (url: string, init: RequestInit) => Promise<Response>,
  ): Answerer {
    const { assistant } = call;
    // offered once per call, when first needed; a server that cannot be reached offers none
    let offered: ReturnType<ToolSession['offered']> | null = null;
    const toolsOffered = () => (offered ??= tools.offered());
    if (brain.type === 'server') {
      const about = {
        callId: call.id,
        agentId: assistant.id,
        direction: call.direction,
        from: call.from,
        to: call.to,
        metadata: call.metadata ?? null,
      };
      return new ServerAnswerer({ url: brain.url!, secret: brain.secret, call: about }, toolsOffered, fetch);
    }
    return new OpenAiAnswerer(
      {
        baseUrl: brain.baseUrl!,
        model: brain.model!,
        apiKey: brain.secret,
        temperature: brain.temperature,
        maxTokens: brain.maxTokens,
        systemPrompt: systemPromptOf(call),
      },
      toolsOffered,
      fetch,
    );
  }
}

/** The assistant's system prompt, and what a model on a phone call needs to know besides. */
function systemPromptOf(call: LoadedCall): string {
  const { assistant } = call;
  const own = assistant.systemPrompt ?? `You are ${assistant.name}, a helpful voice assistant.`;
  const who = call.direction === 'inbound' ? `${call.from ?? 'a caller'} called you` : `you called ${call.to}`;
  return [
    own,
    `You are on a phone call (${who}); the language is ${call.language}.`,
    'Answer in short spoken sentences, without markdown or lists.',
    'Call endCall when the conversation is over, after saying goodbye.',
  ].join('\n');
}
