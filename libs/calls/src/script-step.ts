import { z } from 'zod';
import { contract } from '@app/platform';

/**
 * An assistant's conversation script: what the simulated call plays, step by step.
 * Exactly one of say / hear / tool / hangup / dtmf / transfer / label per step.
 */
export const ScriptStep = contract(
  'ScriptStep',
  z.union([
    z.object({ say: z.string().describe('The assistant says this') }),
    z.object({
      hear: z.string().describe('The callee says this'),
      onKey: z
        .record(z.string().regex(/^[0-9*#A-D]$/), z.string())
        .optional()
        .describe('SIP calls: a key the caller presses while heard jumps to the {label} step named here'),
      expect: z
        .array(z.object({ phrases: z.array(z.string()).min(1), goto: z.string() }))
        .optional()
        .describe('SIP calls: what was recognised containing one of the phrases jumps to that {label}'),
      otherwise: z.string().optional().describe('Speech that matched no expected phrase jumps to this {label}'),
      noSpeech: z.string().optional().describe('No speech at all jumps to this {label}'),
    }),
    z.object({ label: z.string().describe('A place an onKey branch jumps to (does nothing itself)') }),
    z.object({
      tool: z.string().describe('An MCP tool to call ("server.tool" or "tool")'),
      arguments: z.record(z.string(), z.unknown()).optional(),
    }),
    z.object({ hangup: z.enum(['assistant', 'customer']) }),
    z.object({
      transfer: z
        .string()
        .regex(/^(\+[1-9]\d{6,14}|sips?:[^\s<>@;]+@[A-Za-z0-9.-]+(:\d{1,5})?)$/)
        .describe('The assistant transfers the caller here: a number (E.164) or a SIP URI (SIP REFER over a trunk)'),
    }),
    z.object({
      dtmf: z
        .string()
        .regex(/^[0-9*#A-D]{1,32}$/)
        .describe('The assistant presses these keys (RFC 4733 telephone-events on SIP calls; silent when simulated)'),
    }),
  ]),
);
export type ScriptStep = z.infer<typeof ScriptStep>;
