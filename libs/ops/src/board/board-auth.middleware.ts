import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { loadConfig } from '@app/platform';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Basic authentication for Bull Board with BULL_BOARD_USER / BULL_BOARD_PASSWORD, for operators'
 * tools. A signed-in admin's session (checked before, by the gateway: res.locals.boardAccess)
 * passes too. Answers carry the service's error body like every other error.
 */
export function boardAuth() {
  let expected: Buffer | null | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (res.locals.boardAccess === true) return next();
    if (expected === undefined) {
      const { BULL_BOARD_USER: user, BULL_BOARD_PASSWORD: password } = loadConfig();
      expected = user && password ? digest(`${user}:${password}`) : null;
    }
    if (expected === null) {
      res.status(401).json({
        code: 401,
        message: 'Sign in to the console as an admin or owner (operators: set BULL_BOARD_USER and BULL_BOARD_PASSWORD)',
      });
      return;
    }
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (!timingSafeEqual(digest(given), expected)) {
      res.setHeader('WWW-Authenticate', 'Basic realm="Bull Board"');
      res.status(401).json({ code: 401, message: 'Bull Board needs the admin credentials (HTTP Basic)' });
      return;
    }
    next();
  };
}
