import { z } from 'zod';

/**
 * Response shapes of the API, each declared once with zod and named. REST presenters are typed by
 * them (z.infer), the OpenAPI document lists them as components (contractSchemas), and the MCP
 * tools use them as output schemas: the three cannot disagree about a field.
 */
const registry = z.registry<{ id: string }>();

/** Declares a named contract shape; the name is its OpenAPI component name. */
export function contract<T extends z.ZodType>(id: string, schema: T): T {
  registry.add(schema, { id });
  return schema;
}

/** A JSON reference to a declared contract, for OpenAPI decorators. */
export function contractRef(schema: z.ZodType): { $ref: string } {
  const meta = registry.get(schema);
  if (!meta) throw new Error('contractRef: the schema was not declared with contract()');
  return { $ref: `#/components/schemas/${meta.id}` };
}

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of every declared contract. Objects are left open
 * (no additionalProperties: false): responses may gain fields (spec 9).
 */
export function contractSchemas(): Record<string, object> {
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'input' });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as object]),
  );
}

/** An ISO 8601 UTC timestamp with milliseconds, as every timestamp of the API. */
export const timestamp = () => z.iso.datetime();
