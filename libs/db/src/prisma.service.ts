import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolClient, types as pgTypes, type CustomTypesConfig } from 'pg';
import { AppConfig } from '@app/platform';
import { PrismaClient } from './generated/prisma/client';

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

/** Our timestamps are stored without a zone and mean UTC (as Prisma reads them). */
const UTC_TIMESTAMPS: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE
      ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
      : pgTypes.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};

/**
 * The Prisma client (Rust-free, on node-postgres), and for the hot paths prepared statements on
 * the same connection pool (`sql`). Only repositories use either.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  private readonly pool: Pool;

  constructor(config: AppConfig) {
    // A bounded wait for a connection: when PostgreSQL is away, requests fail fast (503) instead of hanging.
    const pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: config.DATABASE_POOL_IDLE_TIMEOUT_MS,
    });
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
    this.pool.on('error', () => undefined); // an idle connection dropped by the server; the next query reconnects
  }

  /**
   * A named prepared statement: parsed and planned once per connection. For the hot paths, where
   * Prisma's query interpretation costs more CPU than the database does.
   */
  async sql<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const { rows } = await this.pool.query({ name, text, values, types: UTC_TIMESTAMPS });
    return rows as T[];
  }

  /** Named prepared statements (as sql) run in order in one transaction, on one connection. */
  async sqlTransaction(statements: { name: string; text: string; values: unknown[] }[]): Promise<void> {
    await this.withConnection(async (client) => {
      await client.query('BEGIN');
      try {
        for (const statement of statements) await client.query({ ...statement, types: UTC_TIMESTAMPS });
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  /**
   * One connection of the pool for `fn` alone: for work that holds a session (a session advisory
   * lock, statements that cannot run inside a transaction). A connection that failed is closed.
   */
  async withConnection<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection that dies while it is out of the pool (PostgreSQL restarted) fails its queries, and its client
    // also emits 'error', which the pool listens to only while the client is idle: unheard, that error ended the
    // process (a dispatcher, in the fault suite's PostgreSQL restart). Heard here, it closes the connection.
    let lost: Error | undefined;
    const onError = (e: Error) => (lost = e);
    client.on('error', onError);
    let failed: Error | undefined;
    try {
      return await fn(client);
    } catch (e) {
      failed = e as Error;
      throw e;
    } finally {
      client.removeListener('error', onError);
      client.release(failed ?? lost);
    }
  }

  /**
   * Last in the shutdown: after the HTTP server has answered its in-flight requests and the queue
   * consumers have finished their active jobs (beforeApplicationShutdown), which all still query.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    if (!this.pool.ended) await this.pool.end();
  }
}
