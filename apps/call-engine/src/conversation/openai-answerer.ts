import type { OfferedTool } from '../tools/mcp-tool-runner';
import type { Answerer, Entry, FunctionCall, Reply } from './answering-brain';
import { SentenceStream } from './sentences';
import { jsonLine, textLines } from './text-lines';

export interface OpenAiSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  temperature?: number;
  maxTokens?: number;
  systemPrompt: string;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The functions every model brain has besides the assistant's MCP tools. */
const BUILT_INS = [
  {
    name: 'endCall',
    description: 'Hang up: the conversation is over. Say goodbye first.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'transfer',
    description: 'Transfer the caller to a person: a phone number in E.164 format or a sip: URI.',
    parameters: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
  },
  {
    name: 'sendDtmf',
    description: 'Press keys on the phone (0-9, *, #), e.g. to navigate a phone menu.',
    parameters: { type: 'object', properties: { digits: { type: 'string' } }, required: ['digits'] },
  },
];

/**
 * Any OpenAI-compatible chat-completions API (OpenAI, vLLM, Ollama, ...) as an answerer: the
 * conversation as messages, streamed (`stream: true`, server-sent events), the content spoken
 * sentence by sentence as it arrives, tool calls assembled from their streamed fragments.
 */
export class OpenAiAnswerer implements Answerer {
  /** Function names the model sees (letters, digits, _ and - only) → "server.tool". */
  private readonly toolNames = new Map<string, string>();

  constructor(
    private readonly settings: OpenAiSettings,
    private readonly offered: () => Promise<OfferedTool[]>,
    private readonly fetch: Fetch,
  ) {}

  async *answer(history: Entry[], signal: AbortSignal): AsyncIterable<Reply> {
    const response = await this.fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      body: JSON.stringify(await this.request(history)),
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`the model answered HTTP ${response.status}`);
    const sentences = new SentenceStream();
    const calls: { id: string; name: string; args: string }[] = [];
    for await (const chunk of events(response.body)) {
      const delta = chunk.choices?.[0]?.delta;
      if (!delta) continue;
      if (typeof delta.content === 'string') for (const say of sentences.push(delta.content)) yield { say };
      for (const part of delta.tool_calls ?? []) {
        const at = (calls[part.index ?? calls.length - 1] ??= { id: '', name: '', args: '' });
        if (part.id) at.id = part.id;
        if (part.function?.name) at.name += part.function.name;
        if (part.function?.arguments) at.args += part.function.arguments;
      }
    }
    for (const say of sentences.end()) yield { say };
    for (const [i, c] of calls.entries()) yield { call: this.callOf(c, i) };
  }

  private callOf(c: { id: string; name: string; args: string }, i: number): FunctionCall {
    let args: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(c.args || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
    } catch {
      // a model's malformed arguments: the function gets none, and its error tells the model
    }
    return { id: c.id || `call_${i}`, name: this.toolNames.get(c.name) ?? c.name, arguments: args };
  }

  private async request(history: Entry[]) {
    const offered = await this.offered();
    const functions = [
      ...BUILT_INS,
      ...offered.map((t) => {
        const name = `${t.server}__${t.name}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
        this.toolNames.set(name, `${t.server}.${t.name}`);
        return { name, description: t.description ?? t.name, parameters: t.inputSchema };
      }),
    ];
    return {
      model: this.settings.model,
      stream: true,
      messages: [{ role: 'system', content: this.settings.systemPrompt }, ...this.messagesOf(history)],
      tools: functions.map((f) => ({ type: 'function', function: f })),
      ...(this.settings.temperature !== undefined ? { temperature: this.settings.temperature } : {}),
      ...(this.settings.maxTokens !== undefined ? { max_tokens: this.settings.maxTokens } : {}),
    };
  }

  /** The conversation as chat messages: a run of tool entries is one assistant message with its calls. */
  private messagesOf(history: Entry[]): object[] {
    const names = new Map([...this.toolNames].map(([fn, tool]) => [tool, fn]));
    const out: object[] = [];
    for (let i = 0; i < history.length; i++) {
      const e = history[i];
      if (e.role === 'assistant') {
        out.push({ role: 'assistant', content: e.interrupted ? `${e.text} [the caller interrupted here]` : e.text });
      } else if (e.role === 'customer') {
        const said = e.silent ? '[the caller said nothing]' : (e.text ?? '[unintelligible]');
        out.push({ role: 'user', content: e.key ? `${said} [pressed ${e.key}]` : said });
      } else {
        const run: Extract<Entry, { role: 'tool' }>[] = [];
        while (history[i]?.role === 'tool') run.push(history[i++] as Extract<Entry, { role: 'tool' }>);
        i--;
        out.push({
          role: 'assistant',
          content: null,
          tool_calls: run.map((t) => ({
            id: t.call.id,
            type: 'function',
            function: { name: names.get(t.call.name) ?? t.call.name, arguments: JSON.stringify(t.call.arguments) },
          })),
        });
        for (const t of run) {
          const content = JSON.stringify(t.error ? { error: t.error } : { result: t.result ?? null });
          out.push({ role: 'tool', tool_call_id: t.call.id, content });
        }
      }
    }
    return out;
  }
}

interface ChatChunk {
  choices?: {
    delta?: {
      content?: string | null;
      tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
    };
  }[];
}

/** The `data:` events of a server-sent event stream, parsed, until `[DONE]`. */
async function* events(body: ReadableStream<Uint8Array>): AsyncIterable<ChatChunk> {
  for await (const line of textLines(body)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') return;
    yield jsonLine<ChatChunk>(data, 'the model');
  }
}
