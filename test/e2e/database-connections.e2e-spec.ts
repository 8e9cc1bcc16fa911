import { createServer, connect, type Server, type Socket } from 'node:net';
import { PrismaService } from '@app/db';
import type { AppConfig } from '@app/platform';

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
