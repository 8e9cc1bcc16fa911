import { createHash } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ApiError, AppConfig } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';

// Counts one attempt in a bucket (the first of a window sets its expiry); answers the count and
// the milliseconds left in the window. One script per key: on a cluster the keys live apart.
const COUNT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** What a public credential route counts: sign-in per email, password change per account, sign-up per address. */
export type ThrottledAction = 'login' | 'password' | 'signup';

interface Bucket {
  key: string;
  limit: number;
}

/**
 * Attempts at the credential routes are counted in Redis (shared by every gateway) BEFORE the
 * password is checked, each with one atomic INCR: however many requests arrive at once, no more
 * than the limit of them reach the check. Sign-in: LOGIN_MAX_FAILURES per email and four times
 * that per client address; a password change: the same per account and address; sign-up and
 * accepting an invitation: SIGNUP_MAX_PER_ADDRESS per address. Past a limit the answer is 429
 * with Retry-After until the window (LOGIN_THROTTLE_WINDOW_MS) ends. A successful sign-in or
 * password change gives its attempt back (so only failures add up). Emails are hashed in the
 * keys. If Redis does not answer, the routes still work (the password check stays).
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

  /** Counts this attempt; 429 when it is over a limit. `subject` is the email or account id. */
  async attempt(action: ThrottledAction, subject: string | null, ip: string): Promise<void> {
    let counted: [number, number][];
    const buckets = this.buckets(action, subject, ip);
    try {
      const window = this.config.LOGIN_THROTTLE_WINDOW_MS;
      counted = await Promise.all(
        buckets.map((b) => this.redis.eval(COUNT, 1, b.key, window) as Promise<[number, number]>),
      );
    } catch (e) {
      this.logger.warn({ action, err: (e as Error).message, msg: 'throttle not checked (Redis unavailable)' });
      return;
    }
    const over = counted.findIndex(([count], i) => count > buckets[i].limit);
    if (over === -1) return;
    const retryAfter = String(Math.max(1, Math.ceil(counted[over][1] / 1000)));
    const what = {
      login: 'failed sign-ins',
      password: 'wrong current passwords',
      signup: 'sign-ups from this address',
    }[action];
    throw new ApiError(429, `Too many ${what}; try again in ${retryAfter} s.`, { 'Retry-After': retryAfter });
  }

  /** The right password: the subject's count starts again and the address gets this attempt back. */
  async succeeded(action: 'login' | 'password', subject: string, ip: string): Promise<void> {
    const [own, address] = this.buckets(action, subject, ip);
    await Promise.all([this.redis.del(own.key), this.redis.decr(address.key)]).catch(() => undefined);
  }

  private buckets(action: ThrottledAction, subject: string | null, ip: string): Bucket[] {
    const prefix = `${this.config.QUEUE_PREFIX}:throttle:${action}`;
    const address = { key: `${prefix}:ip:${ip}`, limit: this.config.LOGIN_MAX_FAILURES * 4 };
    if (action === 'signup') return [{ key: address.key, limit: this.config.SIGNUP_MAX_PER_ADDRESS }];
    const hashed = createHash('sha256')
      .update(subject ?? '')
      .digest('hex')
      .slice(0, 32);
    return [{ key: `${prefix}:${hashed}`, limit: this.config.LOGIN_MAX_FAILURES }, address];
  }
}
