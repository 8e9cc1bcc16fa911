import { z } from 'zod';
import { contract } from '@app/platform';

/**
 * An assistant's conversation script: what the simulated call plays, step by step.
 * Exactly one of say / hear / tool / hangup per step.
 */
export const ScriptStep = contract(
  'ScriptStep',
  z.union([
    z.object({ say: z.string().describe('The assistant says this') }),
    z.object({ hear: z.string().describe('The callee says this') }),
    z.object({
      tool: z.string().describe('An MCP tool to call ("server.tool" or "tool")'),
      arguments: z.record(z.string(), z.unknown()).optional(),
    }),
    z.object({ hangup: z.enum(['assistant', 'customer']) }),
  ]),
);
export type ScriptStep = z.infer<typeof ScriptStep>;
