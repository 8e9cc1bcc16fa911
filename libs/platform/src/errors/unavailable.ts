/**
 * Whether an error means a dependency (PostgreSQL, Redis) is unreachable right now, as opposed to
 * a bug: such requests answer 503 "retry later" instead of 500.
 */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);
const MESSAGES = [
  /ECONNREFUSED/,
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Can't reach database server/i,
  /the database system is (starting up|shutting down)/i,
  /terminating connection due to administrator command/i,
  /Connection is closed/i,
];

export function isDependencyUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const err = e as { name?: string; code?: unknown; message?: unknown; cause?: unknown; errorCode?: unknown };
  if (err.name === 'PrismaClientInitializationError') return true;
  if (typeof err.code === 'string' && (PRISMA_UNAVAILABLE.has(err.code) || NETWORK_CODES.has(err.code))) return true;
  if (typeof err.errorCode === 'string' && PRISMA_UNAVAILABLE.has(err.errorCode)) return true;
  if (typeof err.message === 'string' && MESSAGES.some((m) => m.test(err.message as string))) return true;
  return isDependencyUnavailable(err.cause, depth + 1);
}
