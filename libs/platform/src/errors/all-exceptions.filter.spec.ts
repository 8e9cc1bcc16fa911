import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { ApiError } from './api-error';
import { AllExceptionsFilter } from './all-exceptions.filter';

function hostFor(res: { statusCode?: number; body?: unknown; headers: Record<string, string> }) {
  const response = {
    sent: false,
    raw: { headersSent: false },
    header(k: string, v: string) {
      res.headers[k] = v;
      return this;
    },
    status(code: number) {
      res.statusCode = code;
      return this;
    },
    send(body: unknown) {
      res.body = body;
      return this;
    },
  };
  const request = { id: 'req-1', method: 'GET', url: '/x' };
  return {
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }),
  } as unknown as ArgumentsHost;
}

describe('AllExceptionsFilter', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('answers a generic 500 that leaks nothing of the error', () => {
    const res = { headers: {} as Record<string, string> } as {
      statusCode?: number;
      body?: { code: number; message: string };
      headers: Record<string, string>;
    };
    new AllExceptionsFilter().catch(new Error('relation "Call" does not exist at /srv/app.js:12'), hostFor(res));
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({
      code: 500,
      message: expect.stringMatching(/Internal server error/),
      requestId: 'req-1',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/relation|app\.js/);
  });

  it('keeps the status and message of an ApiError and its headers', () => {
    const res = { headers: {} as Record<string, string> } as {
      statusCode?: number;
      body?: unknown;
      headers: Record<string, string>;
    };
    new AllExceptionsFilter().catch(new ApiError(429, 'slow down', { 'Retry-After': '3' }), hostFor(res));
    expect(res).toMatchObject({
      statusCode: 429,
      body: { code: 429, message: 'slow down' },
      headers: { 'Retry-After': '3' },
    });
  });

  it('maps 4xx errors of plain middleware to their status', () => {
    const res = { headers: {} as Record<string, string> } as {
      statusCode?: number;
      body?: unknown;
      headers: Record<string, string>;
    };
    new AllExceptionsFilter().catch(Object.assign(new Error('too big'), { status: 413 }), hostFor(res));
    expect(res).toMatchObject({ statusCode: 413, body: { code: 413 } });
  });
});
