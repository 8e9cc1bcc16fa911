import { createServer, connect, type Server, type Socket } from 'node:net';
import { PrismaService } from '@app/db';
import { loadConfig, type AppConfig } from '@app/platform';
import { waitFor } from '../support/isolation';

/**
 * A connection held out of the pool (withConnection, and sqlTransaction on it) whose server goes away in the middle
 * of a statement, as in a PostgreSQL restart: its client also emits 'error', which nothing heard while it was out of
 * the pool, so the process ended (a dispatcher recording an attempt, in the fault suite's PostgreSQL restart,
 * 2026-11-29). The database is reached through a TCP relay the test cuts, so the connection ends with no word from
 * the server, as when its process is killed.
 */
describe('a held connection whose server goes away', () => {
  let relay: Server;
  const sockets: Socket[] = [];
  let prisma: PrismaService;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    relay = createServer((client) => {
      const server = connect(Number(target.port || 5432), target.hostname);
      client.pipe(server).pipe(client);
      for (const s of [client, server]) {
        s.on('error', () => undefined);
        sockets.push(s);
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(target);
    relayed.port = String((relay.address() as { port: number }).port);
    prisma = new PrismaService({ DATABASE_URL: relayed.toString(), DATABASE_POOL_SIZE: 2 } as AppConfig);
  });
  afterAll(async () => {
    await prisma.onApplicationShutdown();
    relay.close();
  });

  it('fails the work that held it, and only that: the pool serves the next statement', async () => {
    const held = prisma.withConnection(async (client) => {
      const sleeping = client.query('SELECT pg_sleep(10)');
      for (const s of sockets.splice(0)) s.end();
      await sleeping;
    });
    await expect(held).rejects.toThrow(/Connection terminated unexpectedly/);
    const [{ one }] = await prisma.sql<{ one: number }>('connections-one', 'SELECT 1 AS one', []);
    expect(one).toBe(1);
    await prisma.sqlTransaction([{ name: 'connections-two', text: 'SELECT 2', values: [] }]);
  });
});

/**
 * A pool keeps an idle connection for DATABASE_POOL_IDLE_TIMEOUT_MS (10 minutes by default, not pg's 10 s), so a
 * burst after a lull does not open its connections anew (each ~20 ms before its first statement answers).
 */
describe('idle pool connections', () => {
  const named = (applicationName: string) => {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('application_name', applicationName);
    return url.toString();
  };
  const suffix = process.pid;
  const keeping = new PrismaService({ ...loadConfig(), DATABASE_URL: named(`keeping-${suffix}`) });
  const closing = new PrismaService({
    ...loadConfig(),
    DATABASE_URL: named(`closing-${suffix}`),
    DATABASE_POOL_IDLE_TIMEOUT_MS: 1000,
  });
  afterAll(() => Promise.all([keeping, closing].map((p) => p.onApplicationShutdown())));

  const connections = async (applicationName: string) => {
    const [{ n }] = await keeping.sql<{ n: number }>(
      'connections-named',
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return n;
  };

  it('stay open on the default setting after a shorter setting has closed its own', async () => {
    expect(loadConfig().DATABASE_POOL_IDLE_TIMEOUT_MS).toBe(600_000);
    await Promise.all([keeping, closing].map((p) => p.sql('connections-one', 'SELECT 1', [])));
    expect(await connections(`closing-${suffix}`)).toBe(1);
    await waitFor('the idle connection to close', async () => (await connections(`closing-${suffix}`)) === 0, 5000, 50);
    expect(await connections(`keeping-${suffix}`)).toBe(1);
  });
});
