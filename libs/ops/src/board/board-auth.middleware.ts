import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const digest = (s: string) => createHash('sha256').update(s).digest();

export interface BoardCredentials {
  BULL_BOARD_USER?: string;
  BULL_BOARD_PASSWORD?: string;
}

/**
 * Bull Board shows every workspace's jobs, so it is an operator's tool: HTTP Basic with
 * BULL_BOARD_USER / BULL_BOARD_PASSWORD and nothing else (no workspace session or key, whatever
 * its role): a request with a workspace session and no operator credentials gets 403. Without
 * both set the board is closed. Answers carry the service's error body.
 */
export function boardOperatorAccess(config: BoardCredentials, hasWorkspaceSession: (req: Request) => boolean) {
  const { BULL_BOARD_USER: user, BULL_BOARD_PASSWORD: password } = config;
  const expected = user && password ? digest(`${user}:${password}`) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (expected && timingSafeEqual(digest(given), expected)) return next();
    if (hasWorkspaceSession(req)) {
      res.status(403).json({ code: 403, message: 'Bull Board is for the service operators, not workspace roles' });
    } else if (!expected) {
      res.status(401).json({
        code: 401,
        message: 'Bull Board is closed: operators set BULL_BOARD_USER and BULL_BOARD_PASSWORD to open it',
      });
    } else {
      res.setHeader('WWW-Authenticate', 'Basic realm="Bull Board"');
      res.status(401).json({ code: 401, message: "Bull Board needs the operators' admin credentials (HTTP Basic)" });
    }
  };
}
