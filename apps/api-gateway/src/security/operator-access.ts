import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@app/platform';
import { PeopleRepository, roleAtLeast } from '@app/workspaces';
import { readSessionCookie } from '../people/session-cookie';

const digest = (s: string) => createHash('sha256').update(s).digest();
const refuse = (res: Response, code: number, message: string) => res.status(code).json({ code, message });

/**
 * /metrics on the public port: only with `Authorization: Bearer <METRICS_TOKEN>`, and not at all
 * without one configured (the engine and dispatcher serve theirs on operator ports).
 */
export function metricsAccess(config: AppConfig) {
  const expected = config.METRICS_TOKEN ? digest(`Bearer ${config.METRICS_TOKEN}`) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return refuse(res, 404, 'Not served on this port; set METRICS_TOKEN to scrape the gateway');
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return refuse(res, 401, 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    next();
  };
}

/**
 * Bull Board for signed-in owners and admins, through their session (operators' tools keep the
 * Basic credentials, checked by the board itself). Writes through a session must come from our
 * own origin: with SameSite=Strict, the board's own pages are the only ones that can send them.
 */
export function boardSessionAccess(config: AppConfig, people: PeopleRepository) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = req.headers.authorization ? undefined : readSessionCookie(config, req.headers.cookie);
    if (!token) return next();
    try {
      const session = await people.findSession(token, config.SESSION_IDLE_MS);
      if (!session) return refuse(res, 401, 'Your session has ended; sign in again.');
      if (!roleAtLeast(session.role, 'admin')) return refuse(res, 403, 'Bull Board is for admins and owners.');
      const origin = req.headers.origin;
      if (!['GET', 'HEAD'].includes(req.method) && origin !== `${req.protocol}://${req.get('host')}`) {
        return refuse(res, 403, 'Board actions through a session must come from this origin.');
      }
      res.locals.boardAccess = true;
      next();
    } catch (e) {
      next(e);
    }
  };
}
