import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Assistant } from '@app/db';
import { ScriptStep } from '@app/calls/vocabulary';
import { ListeningSetting, McpToolServer, VoicemailSetting } from './assistant-config';
import { storedToolServers } from './tool-headers';
import { BrainSetting, presentBrain } from './brain-config';
import { AnalysisSetting } from './analysis-config';
import { presentTranscriber, TranscriberSetting } from './transcriber-config';

/** The assistant record (spec 4.5: "not shown", our decision; README "Assistant"). */
export const AssistantRecord = contract(
  'AssistantRecord',
  z.object({
    agentId: z.string(),
    name: z.string(),
    language: z.string().meta({ example: 'en' }),
    voice: z.string().nullable(),
    firstMessage: z.string().nullable(),
    systemPrompt: z.string().nullable(),
    script: z.array(ScriptStep),
    tools: z.array(McpToolServer),
    maxDurationSec: z.number().int(),
    voicemail: VoicemailSetting.nullable(),
    listening: ListeningSetting.nullable(),
    brain: BrainSetting.nullable().describe('Who decides what it says; null: the script'),
    analysis: AnalysisSetting.nullable().describe('Post-call analysis by the model brain; null: none'),
    transcriber: TranscriberSetting.nullable().describe('A hosted streaming recogniser; null: offline pocketsphinx'),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type AssistantRecord = z.infer<typeof AssistantRecord>;

export const AssistantList = contract('AssistantList', listOf(AssistantRecord));

/** Header values of tool servers often hold credentials: shown masked, never echoed. */
function maskTools(tools: unknown): McpToolServer[] {
  return storedToolServers(tools).map(({ headers, sealedHeaders, ...t }) => {
    const names = Object.keys({ ...headers, ...sealedHeaders });
    return names.length ? { ...t, headers: Object.fromEntries(names.map((k) => [k, '********'])) } : t;
  });
}

export function presentAssistant(a: Assistant): AssistantRecord {
  return {
    agentId: a.id,
    name: a.name,
    language: a.language,
    voice: a.voice,
    firstMessage: a.firstMessage,
    systemPrompt: a.systemPrompt,
    script: a.script as ScriptStep[],
    tools: maskTools(a.tools),
    maxDurationSec: a.maxDurationSec,
    voicemail: (a.voicemail as VoicemailSetting | null) ?? null,
    listening: (a.listening as ListeningSetting | null) ?? null,
    brain: presentBrain(a.brain),
    analysis: (a.analysis as AnalysisSetting | null) ?? null,
    transcriber: presentTranscriber(a.transcriber),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
