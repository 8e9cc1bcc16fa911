import { z } from 'zod';
import { contract, timestamp } from '@app/platform';

export const TranscriptTurn = contract(
  'TranscriptTurn',
  z.object({
    role: z.enum(['assistant', 'customer', 'tool']),
    text: z
      .string()
      .nullable()
      .describe('null for what a caller said on a SIP call: heard and timed, not yet recognised'),
    startSec: z.number().describe('Seconds from connect'),
    endSec: z.number(),
    confidence: z
      .number()
      .optional()
      .describe("SIP calls: the recogniser's confidence (0–1) in a customer turn's text"),
    latencyMs: z
      .number()
      .int()
      .optional()
      .describe("An assistant turn answering the caller: from the end of their speech to this turn's first audio"),
    latencyParts: z
      .object({
        endOfTurnMs: z.number().int(),
        recognitionMs: z.number().int(),
        brainMs: z.number().int().describe("The brain's first words (a script: none; your server or a model)"),
        synthesisMs: z.number().int().describe("Synthesising the answer's first sentence"),
      })
      .optional()
      .describe('What the latency was spent on: the end of the turn, recognising it, the brain, synthesising'),
    dtmf: z
      .string()
      .optional()
      .describe('Keys pressed (SIP calls): by the caller on a customer turn, or sent by the assistant'),
    interrupted: z
      .boolean()
      .optional()
      .describe('The line was cut short (the caller spoke over it, or the call ended): its text is what was played'),
    tool: z.record(z.string(), z.unknown()).optional().describe('name, server, arguments, result or error, latencyMs'),
  }),
);

export const TranscriptRecord = contract(
  'TranscriptRecord',
  z.object({
    transcriptId: z.string(),
    callId: z.string(),
    language: z.string(),
    turns: z.array(TranscriptTurn),
    text: z.string(),
    createdAt: timestamp(),
  }),
);
export type TranscriptRecord = z.infer<typeof TranscriptRecord>;

export function presentTranscript(t: {
  id: string;
  callId: string;
  language: string;
  turns: unknown;
  text: string;
  createdAt: Date;
}): TranscriptRecord {
  return {
    transcriptId: t.id,
    callId: t.callId,
    language: t.language,
    turns: t.turns as TranscriptRecord['turns'],
    text: t.text,
    createdAt: t.createdAt.toISOString(),
  };
}
