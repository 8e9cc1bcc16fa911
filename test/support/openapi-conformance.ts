import type { INestApplication } from '@nestjs/common';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../apps/api-gateway/src/openapi/openapi';

/**
 * Every answer the e2e suites receive through `as()` is checked against the OpenAPI document:
 * its status must be documented for the route and its JSON body must match the schema. Mismatches
 * are collected and fail the test that saw them (setupFilesAfterEnv: openapi-after-each.ts).
 */
interface Doc {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
}

const docs = new WeakMap<
  INestApplication,
  { doc: Doc; ajv: Ajv2020; routes: [RegExp, string][]; validators: Map<string, ValidateFunction> }
>();
export const violations: string[] = [];

function forApp(app: INestApplication) {
  let entry = docs.get(app);
  if (!entry) {
    const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(app))) as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi');
    const routes = Object.keys(doc.paths)
      .map((p) => [new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`), p] as [RegExp, string])
      // literal segments before parameters: /voice/call/list before /voice/call/{callId}
      .sort((a, b) => (a[1].match(/\{/g)?.length ?? 0) - (b[1].match(/\{/g)?.length ?? 0));
    entry = { doc, ajv, routes, validators: new Map() };
    docs.set(app, entry);
  }
  return entry;
}

export function checkResponse(
  app: INestApplication,
  method: string,
  url: string,
  res: { status: number; body: unknown; headers: Record<string, string> },
): void {
  const { doc, ajv, routes, validators } = forApp(app);
  const path = new URL(url, 'http://x').pathname;
  const route = routes.find(([re]) => re.test(path))?.[1];
  const op = route ? doc.paths[route][method.toLowerCase()] : undefined;
  if (!route || !op) return; // unknown routes are the error contract's business (404/405)
  const response = op.responses[String(res.status)];
  if (!response) {
    violations.push(`${method} ${route}: status ${res.status} is not documented`);
    return;
  }
  const schema = response.content?.['application/json']?.schema;
  if (!schema || !String(res.headers['content-type'] ?? '').includes('application/json')) return;
  const key = `${method} ${route} ${res.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')));
    validators.set(key, validate);
  }
  if (!validate(res.body)) violations.push(`${key}: ${ajv.errorsText(validate.errors)}`);
}
