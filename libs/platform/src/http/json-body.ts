import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, text } from 'body-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Arrays and objects nested deeper than this are refused (422) before anything reads them. */
export const JSON_MAX_DEPTH = 32;

const BRACKET_OPEN = new Set([0x5b, 0x7b]); // [ {
const BRACKET_CLOSE = new Set([0x5d, 0x7d]); // ] }

/** The deepest nesting of arrays and objects in JSON text, counted outside strings. */
export function jsonDepth(buf: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (BRACKET_OPEN.has(c)) deepest = Math.max(deepest, ++depth);
    else if (BRACKET_CLOSE.has(c)) depth--;
  }
  return deepest;
}

class TooDeep extends Error {}

const parseJson = json({
  limit: BODY_LIMIT_BYTES,
  strict: true,
  type: () => true,
  verify: (_req, _res, buf) => {
    if (jsonDepth(buf) > JSON_MAX_DEPTH) throw new TooDeep();
  },
});

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const mediaType = (req: FastifyRequest) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/** A route that also takes a text body of another media type, turned into its JSON body. */
export interface TextBodyReader {
  mediaType: string;
  limitBytes: number;
  toJson(text: string): Promise<unknown>;
}
const TEXT_BODY_READER = 'text-body-reader';
export const AcceptsTextBody = (reader: TextBodyReader) => SetMetadata(TEXT_BODY_READER, reader);

/**
 * Body handling of the contract (spec part 7), after authentication: the last of the global guards,
 * so a request without a valid key or session, below the route's role or over its rate limit is
 * refused before a byte of its body is read or parsed. A request that carries a body must say
 * Content-Type: application/json (else 400; a route may also take one text type, see
 * AcceptsTextBody), the body must be JSON (else 400), at most 1 MB (else 413) and nested at most
 * JSON_MAX_DEPTH deep (else 422). Errors answer {code, message} through the exception filter.
 * A guard rather than an interceptor: Nest wraps every request of an app with an interceptor in an
 * rxjs chain and two AsyncResources (a sixth of get-call's CPU in the gateway).
 */
@Injectable()
export class RequestBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const http = ctx.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    // The gateway's only content parser leaves the body unread (configureHttp): it is read here.
    if (!hasBody(req) || req.body !== undefined) return true;
    const reader = this.reflector.get<TextBodyReader | undefined>(TEXT_BODY_READER, ctx.getHandler());
    return readBody(req, http.getResponse<FastifyReply>(), reader).then(() => true);
  }
}

async function readBody(req: FastifyRequest, res: FastifyReply, reader: TextBodyReader | undefined): Promise<void> {
  const type = mediaType(req);
  if (reader && type === reader.mediaType) {
    const parser = text({ type: () => true, limit: reader.limitBytes });
    const raw = await runParser(parser, req.raw, res.raw, reader.limitBytes);
    req.body = await reader.toJson(String(raw ?? ''));
    return;
  }
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw ApiError.badRequest('Requests with a body must send Content-Type: application/json');
  }
  req.body = await readJsonBody(req.raw, res.raw);
}

/** A JSON body within the contract's limits (400, 413, 422 as RequestBodyGuard answers them). */
export async function readJsonBody(req: IncomingMessage, res?: ServerResponse): Promise<unknown> {
  const body = await runParser(parseJson, req, res, BODY_LIMIT_BYTES);
  if (containsNul(body)) throw ApiError.unprocessable('Strings in the body must not contain NUL (\\u0000) characters');
  return body;
}

type Parser = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Runs a body-parser parser on the raw request; its failures become the contract's 400, 413 and 422. */
function runParser(parser: Parser, req: IncomingMessage, res: ServerResponse | undefined, limit: number) {
  return new Promise<unknown>((resolve, reject) =>
    // body-parser reads the request only; the response is passed on to `verify`, which ours ignores
    parser(req, res as ServerResponse, (err?: unknown) => {
      if (!err) return resolve((req as IncomingMessage & { body?: unknown }).body);
      const e = err as { type?: string };
      if (err instanceof TooDeep) {
        return reject(ApiError.unprocessable(`JSON nested deeper than ${JSON_MAX_DEPTH} levels`));
      }
      if (e.type === 'entity.too.large') {
        return reject(new ApiError(413, `Request body exceeds ${limit / 1024 / 1024} MB`));
      }
      if (e.type === 'entity.parse.failed') return reject(ApiError.badRequest('Malformed JSON in request body'));
      if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
        return reject(ApiError.badRequest('Unsupported body encoding; send UTF-8 JSON'));
      }
      return reject(ApiError.badRequest('The request body could not be read'));
    }),
  );
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > JSON_MAX_DEPTH || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
