import { Writable } from 'node:stream';
import pino from 'pino';
import { redactSecrets } from './logging.module';

describe('redactSecrets', () => {
  it('blanks the secret fields of each object a line holds, and the secret headers of req and res', () => {
    const line = {
      msg: 'key created',
      key: 'top-level strings are not fields of an object',
      created: { id: 'key_1', rawKey: 'vk_live_secret', name: 'ci' },
      body: { password: 'hunter2', email: 'a@b.c', token: 't0k' },
      req: { method: 'POST', headers: { authorization: 'Bearer vk', cookie: 'sid=1', accept: '*/*' } },
      res: { statusCode: 200, headers: { 'set-cookie': 'sid=2', 'content-type': 'application/json' } },
    };
    const copy = structuredClone(line);
    expect(redactSecrets(line)).toEqual({
      ...line,
      created: { ...line.created, rawKey: '[redacted]' },
      body: { ...line.body, password: '[redacted]', token: '[redacted]' },
      req: { ...line.req, headers: { ...line.req.headers, authorization: '[redacted]', cookie: '[redacted]' } },
      res: { ...line.res, headers: { ...line.res.headers, 'set-cookie': '[redacted]' } },
    });
    expect(line).toEqual(copy); // the caller's objects are not changed
  });

  it('answers the line itself when it holds nothing secret', () => {
    const line = { msg: 'event evt_1: 4 delivery(ies) to send', eventId: 'evt_1', job: { id: 'j1' }, headers: {} };
    expect(redactSecrets(line)).toBe(line);
  });

  it('takes a key named like an Object method for an ordinary one', () => {
    const line = { constructor: { headers: { cookie: 'sid=1' }, token: 't0k' } };
    expect(redactSecrets(line)).toEqual({ constructor: { headers: { cookie: 'sid=1' }, token: '[redacted]' } });
  });

  it('keeps what an Error is (its class and message) when it blanks one of its fields', () => {
    const err = Object.assign(new TypeError('refused'), { token: 'abc' });
    const { err: blanked } = redactSecrets({ err });
    expect(blanked).toBeInstanceOf(TypeError);
    expect(blanked.message).toBe('refused');
    expect(blanked.token).toBe('[redacted]');
    expect(err.token).toBe('abc');
  });

  it('keeps credentials out of what pino writes', () => {
    let out = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
    const logger = pino({ formatters: { log: redactSecrets } }, sink);
    logger.info({ webhook: { secret: 'whsec_1', url: 'https://x' } }, 'saved');
    logger.error(Object.assign(new Error('boom'), { authorization: 'Bearer vk_err' }));
    expect(out).toContain('https://x');
    expect(out).toContain('boom');
    for (const secret of ['whsec_1', 'vk_err']) expect(out).not.toContain(secret);
  });
});
