import { Redis } from 'ioredis';
import { dropDatabase } from '../../libs/db/src/migrate/migrator';

/** Drops the run's database and its Redis keys (set KEEP_TEST_DB=1 to inspect them). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { redisCluster?: { stop(): Promise<void> } }).redisCluster?.stop();
  if (process.env.KEEP_TEST_DB === '1') {
    console.log(`kept test database ${process.env.DATABASE_URL} and Redis prefix ${process.env.QUEUE_PREFIX}`);
    return;
  }
  if (process.env.DATABASE_URL?.includes('/voice_test_')) await dropDatabase(process.env.DATABASE_URL);
  const prefix = process.env.QUEUE_PREFIX;
  if (prefix?.startsWith('voice_test_') && !process.env.REDIS_CLUSTER_NODES) {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
    await redis.connect();
    let cursor = '0';
    do {
      // the run's prefix and the per-suite prefixes derived from it (isolateSuite)
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
}
