import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorBody } from './api-error';
import { isDependencyUnavailable } from './unavailable';
import { pathOf } from '../http/url-path';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  422: 'Invalid values',
  429: 'Too many requests',
  503: 'Service temporarily unavailable',
};

/**
 * The one place an error becomes a response: every status from every layer answers
 * {code, message, requestId}. Unexpected errors answer a generic 500; details go to the log only.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  /** Optional: lets unknown-route 404s become 405 when the path exists under another method. */
  constructor(private readonly allowedMethods?: (path: string) => string[]) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    this.answer(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>());
  }

  /** Also for hooks that refuse a request outside Nest's routing (Bull Board's own routes). */
  answer(exception: unknown, req: FastifyRequest, res: FastifyReply): void {
    const path = pathOf(req);
    const body = this.toBody(exception, req.method, path, res);
    body.requestId = req.id;
    if (body.code === 503) {
      const err = exception instanceof Error ? exception.message : String(exception);
      this.logger.warn({ method: req.method, path, reqId: req.id, err, msg: 'answered 503' });
    } else if (body.code >= 500) {
      const err = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error({ method: req.method, path, reqId: req.id, err, msg: 'request failed' });
    }
    if (res.sent || res.raw.headersSent) return;
    res.status(body.code).header('Content-Type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown, method: string, path: string, res: FastifyReply): ErrorBody {
    if (exception instanceof ApiError) {
      for (const [k, v] of Object.entries(exception.headers)) res.header(k, v);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      // Nest's router answers unknown routes with "Cannot GET /x"; a known path under another method is a 405.
      if (status === 404 && !(exception instanceof ApiError) && this.allowedMethods) {
        const allowed = this.allowedMethods(path);
        if (allowed.length > 0) {
          res.header('Allow', allowed.join(', '));
          return {
            code: 405,
            message: `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
          };
        }
        return { code: 404, message: `No route ${method} ${path}` };
      }
      return { code: status, message: messageOf(response) ?? STATUS_TEXT[status] ?? 'Request failed' };
    }
    if (isDependencyUnavailable(exception)) {
      res.header('Retry-After', '2');
      return {
        code: 503,
        message: 'Temporarily unavailable: a backing service (database or queue) is unreachable. Retry with backoff.',
      };
    }
    // Errors raised by body parsing and other plain middleware carry a status.
    const status = statusOf(exception);
    if (status && status >= 400 && status < 500) {
      return { code: status, message: STATUS_TEXT[status] ?? 'Bad request' };
    }
    return {
      code: 500,
      message: 'Internal server error. The request may be retried; report the requestId if it persists.',
    };
  }
}

function messageOf(response: string | object): string | undefined {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : undefined;
}

function statusOf(e: unknown): number | undefined {
  const s =
    (e as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (e as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' ? s : undefined;
}
