import { createHash } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ApiError, AppConfig } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';

// Counts one failure in a bucket; the first failure of a window sets its expiry.
const FAIL = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

/**
 * Failed sign-ins are counted per email and per client address in Redis (shared by every gateway):
 * past LOGIN_MAX_FAILURES for the email, or four times that for the address, sign-in answers 429
 * with Retry-After until the window ends, whether or not the email exists. Emails are hashed in
 * the keys. If Redis does not answer, sign-in still works (the password check stays).
 */
@Injectable()
export class LoginThrottle implements OnApplicationShutdown {
  private readonly logger = new Logger(LoginThrottle.name);
  private readonly redis: RedisClient;

  constructor(private readonly config: AppConfig) {
    this.redis = redisClient(config, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 500,
    });
    this.redis.on('error', () => undefined);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  /** 429 when this email or address has failed too often in the window. */
  async check(email: string, ip: string): Promise<void> {
    const limits = [this.config.LOGIN_MAX_FAILURES, this.config.LOGIN_MAX_FAILURES * 4];
    try {
      const keys = this.keys(email, ip);
      // one GET per key: on a cluster the two keys live in different slots
      const counts = await Promise.all(keys.map((key) => this.redis.get(key)));
      for (const [i, count] of counts.entries()) {
        if (Number(count ?? 0) < limits[i]) continue;
        const ttl = await this.redis.pttl(keys[i]);
        const retryAfter = String(Math.max(1, Math.ceil(ttl / 1000)));
        throw new ApiError(429, `Too many failed sign-ins; try again in ${retryAfter} s.`, {
          'Retry-After': retryAfter,
        });
      }
    } catch (e) {
      if (e instanceof ApiError) throw e;
      this.logger.warn(`sign-in throttle not checked (Redis: ${(e as Error).message})`);
    }
  }

  async failed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const window = this.config.LOGIN_THROTTLE_WINDOW_MS;
    await Promise.all(keys.map((key) => this.redis.eval(FAIL, 1, key, window))).catch(() => undefined);
  }

  /** A successful sign-in clears the email's count (not the address's). */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.redis.del(this.keys(email, ip)[0]).catch(() => undefined);
  }

  private keys(email: string, ip: string): [string, string] {
    const hashed = createHash('sha256').update(email).digest('hex').slice(0, 32);
    return [
      `${this.config.QUEUE_PREFIX}:login-fail:email:${hashed}`,
      `${this.config.QUEUE_PREFIX}:login-fail:ip:${ip}`,
    ];
  }
}
