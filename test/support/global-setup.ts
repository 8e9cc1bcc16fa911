import { randomBytes } from 'node:crypto';
import { ensureDatabase, migrate } from '../../libs/db/src/migrate/migrator';
import { startRedisCluster } from './processes';

/**
 * One throwaway database and one Redis key prefix per test run, so runs never see each other's
 * rows or jobs. Workers inherit the environment set here.
 */
export default async function globalSetup(): Promise<void> {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const base = new URL(process.env.TEST_DATABASE_BASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/voice_test_${run}`;
  process.env.DATABASE_URL = base.toString();
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  if (process.env.TEST_REDIS_CLUSTER === '1') {
    // the suites run against a three-master Redis Cluster of this run's own (stopped by the teardown)
    const cluster = await startRedisCluster();
    cluster.useForApps();
    (globalThis as { redisCluster?: typeof cluster }).redisCluster = cluster;
  }
  process.env.QUEUE_PREFIX = `voice_test_${run}`;
  process.env.ENCRYPTION_KEY = randomBytes(32).toString('hex');
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL ??= 'warn';
  // Suites poll hard; the rate-limit suite sets its own small limits.
  process.env.RATE_LIMIT_REQUESTS ??= '1000000';
  process.env.RATE_LIMIT_START_CALLS ??= '1000000';
  // Suites sign many people up from 127.0.0.1; the hostile-tenant suite sets its own small limit.
  process.env.SIGNUP_MAX_PER_ADDRESS ??= '1000000';
  // SIP is off but in the suites that place real calls (each binds its own port).
  process.env.SIP_PORT ??= '0';
  await ensureDatabase(process.env.DATABASE_URL);
  await migrate(process.env.DATABASE_URL);
}
