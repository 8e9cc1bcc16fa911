import type { McpToolServer } from '@app/contracts';
import type { Assistant } from '@app/db';

/** Header values of tool servers often hold credentials: shown masked, never echoed. */
function maskTools(tools: unknown): McpToolServer[] {
  return (Array.isArray(tools) ? (tools as McpToolServer[]) : []).map((t) =>
    t.headers ? { ...t, headers: Object.fromEntries(Object.keys(t.headers).map((k) => [k, '********'])) } : t,
  );
}

export function presentAssistant(a: Assistant) {
  return {
    agentId: a.id,
    name: a.name,
    language: a.language,
    voice: a.voice,
    firstMessage: a.firstMessage,
    systemPrompt: a.systemPrompt,
    script: a.script,
    tools: maskTools(a.tools),
    maxDurationSec: a.maxDurationSec,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type AssistantRecord = ReturnType<typeof presentAssistant>;
