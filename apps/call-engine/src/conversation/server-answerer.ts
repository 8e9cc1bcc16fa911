import { randomUUID } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { OfferedTool } from '../tools/mcp-tool-runner';
import { jsonLine, textLines } from './text-lines';
import type { Answerer, Entry, FunctionCall, Reply } from './answering-brain';

export interface ServerSettings {
  url: string;
  secret: string | null;
  /** Who the call is with, sent with every request. */
  call: Record<string, unknown>;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Your own server as an answerer ("custom LLM", README "Brains"): each caller turn POSTs the call and
 * the conversation so far, signed as webhooks are (Standard Webhooks headers); the answer streams back
 * as NDJSON, one action per line — {"say"}, {"tool", "arguments"}, {"transfer"}, {"dtmf"},
 * {"endCall": true} — each acted on as it arrives.
 */
export class ServerAnswerer implements Answerer {
  constructor(
    private readonly settings: ServerSettings,
    private readonly offered: () => Promise<OfferedTool[]>,
    private readonly fetch: Fetch,
  ) {}

  async *answer(history: Entry[], signal: AbortSignal): AsyncIterable<Reply> {
    const tools = (await this.offered()).map((t) => `${t.server}.${t.name}`);
    const body = JSON.stringify({ ...this.settings.call, turns: history, tools });
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    const signed: Record<string, string> = this.settings.secret
      ? {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer(this.settings.secret).sign(id, at, body),
        }
      : {};
    const response = await this.fetch(this.settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', ...signed },
      body,
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`your server answered HTTP ${response.status}`);
    let n = 0;
    for await (const action of lines(response.body)) {
      for (const one of Array.isArray(action) ? action : [action]) {
        const reply = replyOf(one, n++);
        if (reply) yield reply;
      }
    }
  }
}

/** A secret in Standard Webhooks form (whsec_ + base64) signs as such; any other is used as its bytes. */
const signer = (secret: string) =>
  secret.startsWith('whsec_') ? new StandardWebhook(secret) : new StandardWebhook(secret, { format: 'raw' });

function replyOf(action: unknown, n: number): Reply | null {
  if (!action || typeof action !== 'object') throw new Error('your server sent an action that is not an object');
  const a = action as Record<string, unknown>;
  const call = (name: string, args: Record<string, unknown>): Reply => ({
    call: { id: `action_${n}`, name, arguments: args } satisfies FunctionCall,
  });
  if (typeof a.say === 'string') return a.say.trim() ? { say: a.say } : null;
  if (typeof a.tool === 'string') {
    const args = a.arguments && typeof a.arguments === 'object' ? (a.arguments as Record<string, unknown>) : {};
    return call(a.tool, args);
  }
  if (typeof a.transfer === 'string') return call('transfer', { to: a.transfer });
  if (typeof a.dtmf === 'string') return call('sendDtmf', { digits: a.dtmf });
  if (a.endCall === true) return call('endCall', {});
  throw new Error(`your server sent an unknown action: ${JSON.stringify(action).slice(0, 200)}`);
}

/** The JSON values of an NDJSON stream, one per non-empty line. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncIterable<unknown> {
  for await (const line of textLines(body)) if (line) yield jsonLine(line, 'your server');
}
