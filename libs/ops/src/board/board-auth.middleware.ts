import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, sameText } from '@app/platform';

type Req = { headers: IncomingHttpHeaders };

export interface BoardCredentials {
  BULL_BOARD_USER?: string;
  BULL_BOARD_PASSWORD?: string;
}

/**
 * Bull Board shows every workspace's jobs, so it is an operator's tool: HTTP Basic with
 * BULL_BOARD_USER / BULL_BOARD_PASSWORD and nothing else (no workspace session or key, whatever
 * its role): a request with a workspace session and no operator credentials gets 403. Without
 * both set the board is closed. Answers the refusal (the service's error body), or undefined.
 */
export function boardOperatorAccess(config: BoardCredentials, hasWorkspaceSession: (req: Req) => boolean) {
  const { BULL_BOARD_USER: user, BULL_BOARD_PASSWORD: password } = config;
  const expected = user && password ? `${user}:${password}` : null;
  return (req: Req): ApiError | undefined => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (expected && sameText(given, expected)) return undefined;
    if (hasWorkspaceSession(req)) {
      return ApiError.forbidden('Bull Board is for the service operators, not workspace roles');
    }
    if (!expected) {
      return ApiError.unauthorized(
        'Bull Board is closed: operators set BULL_BOARD_USER and BULL_BOARD_PASSWORD to open it',
      );
    }
    const challenge = { 'WWW-Authenticate': 'Basic realm="Bull Board"' };
    return new ApiError(401, "Bull Board needs the operators' admin credentials (HTTP Basic)", challenge);
  };
}
