import { z } from 'zod';
import { contract, timestamp } from '@app/platform';

/** What the model brain worked out from a call's transcript (README "Post-call analysis"). */
export const CallAnalysis = contract(
  'CallAnalysis',
  z.object({
    summary: z.string().nullable().describe('A few sentences on what the call was about and how it went'),
    structuredData: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The data the assistant's structuredDataSchema asks for (null: none asked, or it did not match)"),
    success: z.boolean().nullable().describe("Whether the call met the assistant's successCriteria (null: not judged)"),
    successReason: z.string().nullable(),
    error: z
      .string()
      .nullable()
      .describe('Why (part of) the analysis is missing: the model failed, or its data did not match'),
    model: z.string(),
    analysedAt: timestamp(),
  }),
);
export type CallAnalysis = z.infer<typeof CallAnalysis>;
