import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** How a test brain behaves: answers, fails with HTTP 500, or never answers (too slow). */
export type BrainMode = 'ok' | 'fail' | 'slow';

/** What the test brain says on each caller turn; both servers follow it, turn by turn. */
export interface Dialogue {
  /** Answer to the caller's first turn: words, then a tool call whose result it reads out. */
  first: { say: string; tool: string; arguments: Record<string, unknown> };
  /** After the tool's result: words built from it. */
  afterTool: (result: string) => string;
  /** Answer to the caller's second turn: words, then endCall, or a transfer. */
  second: { say: string; transferTo?: string };
}

export const DIALOGUE: Dialogue = {
  first: { say: 'Sure, let me look that up.', tool: 'lookup_order', arguments: { orderId: 'A-17' } },
  afterTool: (result) => (/shipped/.test(result) ? 'Your order has shipped.' : 'I could not find your order.'),
  second: { say: 'Thank you for calling. Goodbye!' },
};

interface Started {
  url: string;
  requests: Record<string, unknown>[];
  headers: IncomingMessage['headers'][];
  mode: BrainMode;
  dialogue: Dialogue;
  close(): Promise<void>;
}

async function serve(handle: (body: Record<string, unknown>, res: ServerResponse) => Promise<void>, path: string) {
  const requests: Record<string, unknown>[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const http: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const body = JSON.parse(raw) as Record<string, unknown>;
    requests.push({ ...body, raw });
    headers.push(req.headers);
    if (started.mode === 'fail') return void res.writeHead(500).end('down');
    if (started.mode === 'slow') return; // never answers; the service gives up
    await handle(body, res);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const started: Started = {
    url: `http://127.0.0.1:${(http.address() as { port: number }).port}${path}`,
    requests,
    headers,
    mode: 'ok',
    dialogue: DIALOGUE,
    close: () =>
      new Promise<void>((r) => {
        http.closeAllConnections();
        http.close(() => r());
      }),
  };
  return started;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Text in small pieces, as a model streams its tokens. */
const pieces = (text: string) => text.match(/.{1,6}/gs) ?? [];

/**
 * An OpenAI-compatible chat-completions server (the documented streaming protocol: server-sent
 * events of `chat.completion.chunk` with `delta.content` and `delta.tool_calls` fragments, then
 * `data: [DONE]`) that holds DIALOGUE by counting the caller's turns, whatever they said.
 */
export async function startModelServer() {
  const server = await serve(async (body, res) => {
    if (body.stream !== true) return analyse(body, res);
    const messages = body.messages as { role: string; content: string | null; name?: string }[];
    const last = messages.at(-1)!;
    const callerTurns = messages.filter((m) => m.role === 'user').length;
    const { dialogue } = server;
    let text: string;
    let call: { name: string; arguments: Record<string, unknown> } | null = null;
    if (last.role === 'tool') text = dialogue.afterTool(String(last.content));
    else if (callerTurns === 1) {
      text = dialogue.first.say;
      const tools = (body.tools as { function: { name: string } }[]).map((t) => t.function.name);
      const name = tools.find((n) => n.endsWith(`__${dialogue.first.tool}`)) ?? dialogue.first.tool;
      call = { name, arguments: dialogue.first.arguments };
    } else {
      text = dialogue.second.say;
      call = dialogue.second.transferTo
        ? { name: 'transfer', arguments: { to: dialogue.second.transferTo } }
        : { name: 'endCall', arguments: {} };
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' });
    for (const piece of pieces(text)) {
      chunk({ content: piece });
      await pause(5);
    }
    if (call) {
      const args = JSON.stringify(call.arguments);
      chunk({
        tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: call.name, arguments: '' } }],
      });
      for (const piece of pieces(args)) chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
    }
    chunk({}, call ? 'tool_calls' : 'stop');
    res.end('data: [DONE]\n\n');
  }, '/v1');
  return server;
}

/** A non-streamed completion whose content follows the request's json_schema (post-call analysis). */
function analyse(body: Record<string, unknown>, res: ServerResponse): void {
  const format = body.response_format as { json_schema?: { schema?: Schema } } | undefined;
  const content = JSON.stringify(format?.json_schema?.schema ? sample(format.json_schema.schema) : {});
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-analysis',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  );
}

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
}

/** A value that follows the schema, as a model asked for structured output gives one. */
function sample(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return 1;
    default:
      return 'The caller asked where order A-17 is; it has shipped.';
  }
}

/**
 * "Your own server": answers each POST with NDJSON actions, one line at a time, holding DIALOGUE by
 * counting the caller's turns; it checks each request's Standard Webhooks signature with `secret`.
 */
export async function startCustomerServer(secret: string) {
  const verified: boolean[] = [];
  const server = await serve(async (body, res) => {
    const headers = server.headers.at(-1)!;
    try {
      new Webhook(secret, { format: 'raw' }).verify(String(server.requests.at(-1)!.raw), {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      });
      verified.push(true);
    } catch {
      verified.push(false);
    }
    const turns = body.turns as { role: string; result?: unknown; error?: string }[];
    const last = turns.at(-1)!;
    const callerTurns = turns.filter((t) => t.role === 'customer').length;
    const { dialogue } = server;
    const actions: object[] = [];
    if (last.role === 'tool') actions.push({ say: dialogue.afterTool(JSON.stringify(last.result ?? last.error)) });
    else if (callerTurns === 1) {
      actions.push(
        { say: dialogue.first.say },
        { tool: `crm.${dialogue.first.tool}`, arguments: dialogue.first.arguments },
      );
    } else {
      actions.push({ say: dialogue.second.say });
      actions.push(dialogue.second.transferTo ? { transfer: dialogue.second.transferTo } : { endCall: true });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const action of actions) {
      res.write(`${JSON.stringify(action)}\n`);
      await pause(5);
    }
    res.end();
  }, '/brain');
  return Object.assign(server, { verified });
}
