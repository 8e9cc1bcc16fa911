import helmet from 'helmet';
import { isBoardUrl } from '@app/ops';
import { pathOf } from '@app/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

const strict = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"], // no inline script anywhere on the console
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
});

// Swagger UI and Bull Board are third-party pages that need inline styles (and Swagger UI an
// inline bootstrap script); they keep every other header, and are never framed.
const thirdPartyPages = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * helmet on every answer: CSP without inline scripts, frame-ancestors 'none', nosniff, no referrer.
 * API answers are never stored by a browser or proxy (Cache-Control: no-store): several carry a
 * secret shown once (a new API key, webhook or number secret, an invitation token), and the rest
 * are a workspace's private data.
 */
export function securityHeaders(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
  // On the raw response, so they survive a handler that takes the socket over (SSE, MCP).
  const path = pathOf(req);
  if (path.startsWith('/api/') || path === '/mcp') reply.raw.setHeader('Cache-Control', 'no-store');
  const relaxed = path.startsWith('/docs') || isBoardUrl(path);
  (relaxed ? thirdPartyPages : strict)(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
}
