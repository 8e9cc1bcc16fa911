import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { z } from 'zod';
import { contractRef, ErrorBody } from '@app/platform';

const MEANING: Record<number, string> = {
  400: 'Malformed JSON, missing field or Content-Type, or a bad query parameter',
  401: 'API key missing, wrong or revoked',
  403: "The key's role cannot do this",
  404: 'Unknown id, or an id of another workspace',
  406: 'The Accept header does not allow the answer',
  409: 'The resource state blocks the action',
  410: "Removed by the workspace's retention (see the call's mediaRemovedAt)",
  413: 'Body over 1 MB',
  416: 'Range outside the recording',
  422: 'Valid JSON with an invalid value',
  426: 'A WebSocket route asked without an upgrade: connect with a WebSocket client',
  429: 'Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After',
  500: 'Unexpected error; retry with backoff',
};

/** The success answer of a route: its status and the declared contract its body follows. */
export function ApiAnswer(status: 200 | 201 | 202, body: z.ZodType, description = 'Success') {
  return ApiResponse({ status, description, schema: contractRef(body) });
}

/** The error answers of a route, each with the {code, message} body. 401, 429 and 500 apply to all. */
export function ApiErrors(...codes: number[]) {
  const all = [...new Set([...codes, 401, 429, 500])].sort();
  return applyDecorators(
    ...all.map((status) => ApiResponse({ status, description: MEANING[status], schema: contractRef(ErrorBody) })),
  );
}
