import { CanActivate, ExecutionContext, Injectable, Logger, OnApplicationShutdown, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { ApiError, AppConfig } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';
import type { RequestAuth } from '../auth/auth.decorators';

const BUCKET = 'rate-limit:bucket';

/** The client with HIT defined as a command (sent by its hash). */
type WithHit = { rateLimitHit(numKeys: number, ...args: (string | number)[]): Promise<number[]> };

/** Counts the route in a tighter bucket of its own as well (start-call). */
export const RateLimitBucket = (name: 'start-call') => SetMetadata(BUCKET, name);

// Fixed window per workspace and bucket: the first hit of a window sets its expiry. One round
// trip counts every bucket of the request.
const HIT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  out[#out + 1] = n
  out[#out + 1] = redis.call('PTTL', key)
end
return out`;

/**
 * Fair-use limits per workspace (spec part 8), kept in Redis so every gateway instance shares one
 * budget. Answers carry RateLimit-Limit / -Remaining / -Reset; over the limit → 429 with
 * Retry-After. If Redis does not answer, requests pass (the limit protects, it must not take
 * the API down).
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitGuard.name);
  private readonly redis: RedisClient;

  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {
    this.redis = redisClient(config, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 500,
      lazyConnect: false,
      // the counts of requests arriving together go out in one write (a socket write per request was
      // 5% of the gateway's CPU at 50 connections), and the script by its hash, not its text
      enableAutoPipelining: true,
    });
    this.redis.defineCommand('rateLimitHit', { lua: HIT });
    this.redis.on('error', () => undefined);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<{ auth?: RequestAuth }>();
    if (!req.auth) return true; // public routes
    const extra = this.reflector.get<'start-call' | undefined>(BUCKET, ctx.getHandler());
    const headers = await this.hit(req.auth.workspaceId, extra);
    if (headers) ctx.switchToHttp().getResponse<FastifyReply>().headers(headers);
    return true;
  }

  /**
   * Counts one request of the workspace (and, for routes that start calls, one start): the
   * RateLimit headers of its tightest bucket, or a 429 ApiError past a limit; null when Redis could
   * not count it (the request goes through). The web-call socket counts here as a start-call.
   */
  async hit(workspaceId: string, extra?: 'start-call'): Promise<Record<string, string> | null> {
    const window = this.config.RATE_LIMIT_WINDOW_MS;
    const buckets: [string, number][] = [['all', this.config.RATE_LIMIT_REQUESTS]];
    if (extra) buckets.push([extra, this.config.RATE_LIMIT_START_CALLS]);
    let counts: number[];
    try {
      // one hash tag per workspace: its buckets share a slot, so one script counts them all on a cluster
      const keys = buckets.map(([name]) => `${this.config.QUEUE_PREFIX}:rate:{${workspaceId}}:${name}`);
      counts = await (this.redis as unknown as WithHit).rateLimitHit(keys.length, ...keys, window);
    } catch (e) {
      this.logger.warn({
        err: (e as Error).message,
        msg: 'rate limit not checked (Redis); letting the request through',
      });
      return null;
    }
    let tightest: Record<string, string> = {};
    for (const [i, [name, limit]] of buckets.entries()) {
      const [count, ttl] = [counts[2 * i], counts[2 * i + 1]];
      const reset = Math.max(1, Math.ceil(ttl / 1000));
      const headers = {
        'RateLimit-Limit': String(limit),
        'RateLimit-Remaining': String(Math.max(0, limit - count)),
        'RateLimit-Reset': String(reset),
        'RateLimit-Policy': `${limit};w=${Math.round(window / 1000)}`,
      };
      if (count > limit) {
        throw new ApiError(
          429,
          `Rate limit exceeded: ${limit} ${name === 'all' ? 'requests' : 'started calls'} per ${window / 1000} s ` +
            `for this workspace; retry after ${reset} s`,
          { ...headers, 'Retry-After': String(reset) },
        );
      }
      // The tighter bucket's numbers are the ones that matter for this route.
      tightest = headers;
    }
    return tightest;
  }
}
