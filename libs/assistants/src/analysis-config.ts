import Ajv from 'ajv';
import { z } from 'zod';
import { contract, isPlainObject } from '@app/platform';

/** What the model brain works out from each connected call's transcript (README "Post-call analysis"). */
export const AnalysisSetting = contract(
  'AnalysisSetting',
  z.object({
    summary: z.boolean().describe('Write a short summary of the call (default true)'),
    structuredDataSchema: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("A JSON Schema (type object) the call's structured data follows; null: none"),
    successCriteria: z
      .string()
      .nullable()
      .describe('What makes the call a success, judged true or false with a reason; null: not judged'),
  }),
);
export type AnalysisSetting = z.infer<typeof AnalysisSetting>;

const ajv = new Ajv({ allErrors: false, strict: false });

/** The first problem of an analysis setting, or null; the schema must compile as JSON Schema. */
export function analysisProblem(v: unknown): string | null {
  if (!isPlainObject(v)) return 'analysis must be an object {summary?, structuredDataSchema?, successCriteria?}';
  const extra = Object.keys(v).filter((k) => !['summary', 'structuredDataSchema', 'successCriteria'].includes(k));
  if (extra.length) return `analysis has unknown field ${extra[0]}`;
  if (v.summary !== undefined && typeof v.summary !== 'boolean') return 'analysis.summary must be true or false';
  const criteria = v.successCriteria;
  if (
    criteria !== undefined &&
    criteria !== null &&
    (typeof criteria !== 'string' || !criteria.trim() || criteria.length > 4000)
  ) {
    return 'analysis.successCriteria must be a non-empty string of at most 4000 characters';
  }
  const schema = v.structuredDataSchema;
  if (schema === undefined || schema === null) return null;
  if (!isPlainObject(schema) || schema.type !== 'object') {
    return 'analysis.structuredDataSchema must be a JSON Schema object with "type": "object"';
  }
  if (JSON.stringify(schema).length > 20_000) return 'analysis.structuredDataSchema is larger than 20 KB';
  try {
    ajv.compile(schema);
  } catch (e) {
    return `analysis.structuredDataSchema is not a valid JSON Schema: ${(e as Error).message}`;
  }
  return null;
}

export function normaliseAnalysis(v: Partial<AnalysisSetting>): AnalysisSetting {
  return {
    summary: v.summary ?? true,
    structuredDataSchema: v.structuredDataSchema ?? null,
    successCriteria: v.successCriteria ?? null,
  };
}

/** The problems of data against a schema (empty: it matches). */
export function schemaErrors(schema: object, data: unknown): string[] {
  const validate = ajv.compile(schema);
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}
