import { ensureDatabase, migrate } from '@app/db';
import { waitFor } from '../support/isolation';
import { startPostgres } from '../support/postgres';
import { spawnApp, startRedis, type AppProcess } from '../support/processes';

/** Readiness follows the dependencies: 503 with the error body while one is down, 200 again after. */
describe('health of every app against a PostgreSQL and a Redis the test owns', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    await ensureDatabase(pg.url);
    await migrate(pg.url);
    redis = await startRedis();
    const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, LOG_LEVEL: 'fatal' };
    for (const app of ['api-gateway', 'call-engine', 'webhook-dispatcher'] as const)
      apps.push(await spawnApp(app, env));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.kill('SIGKILL')));
    await redis.stop();
    pg.destroy();
  });

  const ready = async (app: AppProcess) => {
    const res = await fetch(`http://127.0.0.1:${app.port}/health/ready`);
    return { status: res.status, body: (await res.json()) as { code?: number; message?: string; status?: string } };
  };
  const allReady = async (status: number) => (await Promise.all(apps.map(ready))).every((r) => r.status === status);

  it('live and ready answer 200 on every app', async () => {
    for (const app of apps) {
      expect((await fetch(`http://127.0.0.1:${app.port}/health/live`)).status).toBe(200);
      expect(await ready(app)).toEqual({
        status: 200,
        body: { status: 'ok', checks: { postgres: 'up', redis: 'up' } },
      });
    }
  });

  it('PostgreSQL stopped: 503 naming it, then 200 after it restarts', async () => {
    pg.stop();
    await waitFor('every app to report PostgreSQL down', () => allReady(503), 15000, 200);
    expect(await ready(apps[0])).toEqual({
      status: 503,
      body: { code: 503, message: 'Not ready: postgres unreachable', requestId: expect.any(String) },
    });
    pg.start();
    await waitFor('every app to be ready again', () => allReady(200), 30000, 200);
  });

  it('Redis stopped: 503 naming it, then 200 after it restarts', async () => {
    const url = new URL(redis.url);
    await redis.stop();
    await waitFor('every app to report Redis down', () => allReady(503), 15000, 200);
    expect((await ready(apps[1])).body).toMatchObject({ code: 503, message: 'Not ready: redis unreachable' });
    redis = await startRedis(Number(url.port));
    await waitFor('every app to be ready again', () => allReady(200), 30000, 200);
  });
});
