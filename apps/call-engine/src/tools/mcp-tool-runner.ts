import { Injectable, Logger } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fetch as undiciFetch } from 'undici';
import { openToolServers, type McpToolServer, type StoredToolServer } from '@app/assistants';
import { AppConfig, SecretBox } from '@app/platform';
import { isBlockedLiteral, outboundAgent } from '@app/platform/http';

export const DEFAULT_TOOL_TIMEOUT_MS = 10_000;

export interface ToolStep {
  tool: string;
  arguments?: Record<string, unknown>;
}

/**
 * The longest a run of these steps can take: each step may wait for a connection and for its
 * call, each bounded by the server's timeout. Past it, a run whose engine died is given up.
 */
export function toolRunBudgetMs(steps: ToolStep[], servers: StoredToolServer[]): number {
  const longest = servers.length
    ? Math.max(...servers.map((s) => s.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS))
    : DEFAULT_TOOL_TIMEOUT_MS;
  return steps.length * 2 * longest + 1000;
}

/** What one tool step did, as the transcript shows it. */
export interface ToolOutcome {
  name: string;
  server: string | null;
  arguments: Record<string, unknown>;
  result?: unknown;
  error?: string;
  latencyMs: number;
}

interface Connection {
  client: Client;
  tools: Map<string, OfferedTool>;
  close(): Promise<void>;
}

/** A tool a server offers, as a model is told of it. */
export interface OfferedTool {
  server: string;
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** One call's use of its assistant's tool servers: connections opened when first needed, closed at the end. */
export interface ToolSession {
  call(step: ToolStep): Promise<ToolOutcome>;
  /** Every tool the servers offer (within allowedTools); a server that cannot be reached offers none. */
  offered(): Promise<OfferedTool[]>;
  close(): Promise<void>;
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
};

/**
 * Runs an assistant's tool steps during a call as an MCP client (Streamable HTTP): one connection
 * per server, opened when first needed, reused for the rest of the call and closed at its end.
 * A server that is down, slow beyond its timeoutMs or answers an error yields a recorded error,
 * never a failed call. Requests carry X-Call-Id and obey the SSRF rules of webhooks.
 */
@Injectable()
export class McpToolRunner {
  private readonly logger = new Logger(McpToolRunner.name);

  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
  ) {}

  /** Runs the steps against the assistant's servers as stored (header values are opened here, used, forgotten). */
  async run(callId: string, steps: ToolStep[], stored: StoredToolServer[]): Promise<ToolOutcome[]> {
    const session = this.session(callId, stored);
    const outcomes: ToolOutcome[] = [];
    try {
      for (const step of steps) outcomes.push(await session.call(step));
    } finally {
      await session.close();
    }
    return outcomes;
  }

  session(callId: string, stored: StoredToolServer[]): ToolSession {
    const servers = openToolServers(stored, this.secrets);
    const connections = new Map<string, Promise<Connection>>();
    return {
      call: (step) => this.runStep(callId, step, servers, connections),
      offered: async () => {
        const listed = await Promise.all(
          servers.map((server) =>
            this.connection(callId, server, connections, server.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS).then(
              (c) => [...c.tools.values()].filter((t) => !server.allowedTools || server.allowedTools.includes(t.name)),
              () => [],
            ),
          ),
        );
        return listed.flat();
      },
      close: async () => {
        await Promise.all(
          [...connections.values()].map((c) =>
            c
              .then(
                (x) => x.close(),
                () => undefined,
              )
              .catch(() => undefined),
          ),
        );
      },
    };
  }

  private async runStep(
    callId: string,
    step: ToolStep,
    servers: McpToolServer[],
    connections: Map<string, Promise<Connection>>,
  ): Promise<ToolOutcome> {
    const started = performance.now();
    const args = step.arguments ?? {};
    const outcome = (server: string | null, r: { result?: unknown; error?: string }): ToolOutcome => ({
      name: step.tool,
      server,
      arguments: args,
      ...r,
      latencyMs: Math.round(performance.now() - started),
    });
    // "server.tool" names the server; a bare name is looked up on each server in order.
    const [prefix, rest] = step.tool.includes('.')
      ? [step.tool.slice(0, step.tool.indexOf('.')), step.tool.slice(step.tool.indexOf('.') + 1)]
      : [null, step.tool];
    const candidates = prefix ? servers.filter((s) => s.name === prefix) : servers;
    const toolName = prefix && candidates.length ? rest : step.tool;
    if (candidates.length === 0) return outcome(null, { error: `no MCP tool server named ${prefix}` });
    let lastError = `no tool server offers ${toolName}`;
    for (const server of candidates) {
      const timeoutMs = server.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
      try {
        if (server.allowedTools && !server.allowedTools.includes(toolName)) continue;
        const conn = await this.connection(callId, server, connections, timeoutMs);
        if (!conn.tools.has(toolName)) continue;
        const res = await conn.client.callTool({ name: toolName, arguments: args }, undefined, { timeout: timeoutMs });
        if (res.isError) return outcome(server.name, { error: textOf(res.content) || 'the tool reported an error' });
        return outcome(server.name, { result: res.structuredContent ?? textOf(res.content) });
      } catch (e) {
        lastError = `${server.name}: ${(e as Error).message}`;
        this.logger.log({
          callId,
          tool: step.tool,
          server: server.name,
          err: (e as Error).message,
          msg: 'tool failed',
        });
        if (prefix || candidates.length === 1) return outcome(server.name, { error: lastError });
      }
    }
    return outcome(null, { error: lastError });
  }

  private connection(
    callId: string,
    server: McpToolServer,
    connections: Map<string, Promise<Connection>>,
    timeoutMs: number,
  ): Promise<Connection> {
    let conn = connections.get(server.name);
    if (!conn) {
      conn = withTimeout(this.connect(callId, server, timeoutMs), timeoutMs, `connecting to ${server.name}`);
      connections.set(server.name, conn);
    }
    return conn;
  }

  private async connect(callId: string, server: McpToolServer, timeoutMs: number): Promise<Connection> {
    const allowPrivate = this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    if (!allowPrivate && isBlockedLiteral(server.url))
      throw new Error(`refused: ${server.url} is a private or reserved address`);
    const dispatcher = outboundAgent(allowPrivate, timeoutMs);
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { ...(server.headers ?? {}), 'X-Call-Id': callId } },
      fetch: ((url: string | URL, init?: RequestInit) =>
        undiciFetch(url, { ...(init as object), dispatcher })) as never,
    });
    const client = new Client({ name: 'voice-calling-service', version: '1.0.0' });
    const close = async () => {
      await client.close().catch(() => undefined);
      await dispatcher.destroy().catch(() => undefined);
    };
    try {
      await client.connect(transport, { timeout: timeoutMs });
      const { tools } = await client.listTools(undefined, { timeout: timeoutMs });
      const offered = tools.map((t): [string, OfferedTool] => [
        t.name,
        { server: server.name, name: t.name, description: t.description, inputSchema: t.inputSchema },
      ]);
      return { client, tools: new Map(offered), close };
    } catch (e) {
      await close();
      throw e;
    }
  }
}

function textOf(content: unknown): string {
  return Array.isArray(content)
    ? content
        .filter((c) => c?.type === 'text')
        .map((c) => c.text)
        .join('\n')
    : '';
}
