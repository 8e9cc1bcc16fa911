import { json, type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '../errors/api-error';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const parseJson = json({ limit: BODY_LIMIT_BYTES, strict: true, type: () => true });

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Body handling of the contract (spec part 7): a request that carries a body must say
 * Content-Type: application/json (else 400), the body must be JSON (else 400) and at most 1 MB
 * (else 413). Errors are handed to Nest's filter so they answer {code, message} like all others.
 */
export function jsonBodyMiddleware(req: Request, res: Response, next: NextFunction): void {
  // PostgreSQL text cannot hold NUL characters: refuse them at the door rather than fail later.
  if (req.url.includes('%00') || req.url.includes('\u0000'))
    return next(ApiError.badRequest('The URL must not contain NUL characters'));
  // A route's own parser (text/csv recipients) already read the body (Express 5 leaves it undefined till then).
  if (!hasBody(req) || req.body !== undefined) return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    return next(ApiError.badRequest('Requests with a body must send Content-Type: application/json'));
  }
  parseJson(req, res, (err?: unknown) => {
    if (!err) {
      return containsNul(req.body)
        ? next(ApiError.unprocessable('Strings in the body must not contain NUL (\\u0000) characters'))
        : next();
    }
    const e = err as { type?: string; status?: number };
    if (e.type === 'entity.too.large') {
      return next(new ApiError(413, `Request body exceeds ${BODY_LIMIT_BYTES / 1024 / 1024} MB`));
    }
    if (e.type === 'entity.parse.failed') return next(ApiError.badRequest('Malformed JSON in request body'));
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
      return next(ApiError.badRequest('Unsupported body encoding; send UTF-8 JSON'));
    }
    return next(ApiError.badRequest('The request body could not be read'));
  });
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
