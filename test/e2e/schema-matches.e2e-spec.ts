import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { findMigrationsDir, migrate } from '@app/db';
import { compareSchema, type SchemaAspect } from '../support/schema';

/** The database the hand-written migrations produce is the one schema.prisma describes (see compareSchema). */
describe('migrated database matches prisma/schema.prisma', () => {
  let db: Client;
  let schema: Awaited<ReturnType<typeof compareSchema>>;

  beforeAll(async () => {
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    schema = await compareSchema(db);
  });
  afterAll(() => db.end());

  it.each<[string, SchemaAspect]>([
    ['has exactly the tables of the schema (plus _prisma_migrations)', 'tables'],
    ['has the enums with their values', 'enums'],
    ['has every column with its type, nullability and default, and no others', 'columns'],
    ['has exactly the primary keys, unique and plain indexes of the schema', 'indexes'],
    ['has exactly the foreign keys of the schema relations', 'foreignKeys'],
  ])('%s', (_, aspect) => {
    expect(schema[aspect].actual).toEqual(schema[aspect].expected);
  });

  it('partitions the history by month of its ids, from the first partition to three months ahead', async () => {
    const { rows } = await db.query(`
      SELECT c.relname AS table, pg_get_partkeydef(c.oid) AS key,
             array_agg(p.relname::text ORDER BY p.relname) AS partitions
      FROM pg_class c JOIN pg_inherits i ON i.inhparent = c.oid JOIN pg_class p ON p.oid = i.inhrelid
      WHERE c.relkind = 'p' GROUP BY c.relname, c.oid ORDER BY 1`);
    const month = (add: number) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1))
        .toISOString()
        .slice(0, 7)
        .replace('-', '_');
    };
    expect(rows).toEqual(
      ['CallEvent', 'DeliveryAttempt', 'WebhookDelivery'].map((table) => ({
        table,
        key: 'RANGE (id)',
        partitions: [
          `${table}_${month(1)}`,
          `${table}_${month(2)}`,
          `${table}_${month(3)}`,
          `${table}_until_${month(1)}`,
        ],
      })),
    );
  });

  it('migrating again applies nothing, and _prisma_migrations holds Prisma-compatible checksums', async () => {
    const again = await migrate(process.env.DATABASE_URL!);
    expect(again.applied).toEqual([]);
    const dir = findMigrationsDir();
    const names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(again.alreadyApplied).toEqual(names);
    const { rows } = await db.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count
       FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const r of rows) {
      const sql = readFileSync(join(dir, r.migration_name, 'migration.sql'));
      expect(r.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(r.finished_at).toBeInstanceOf(Date);
      expect(r.applied_steps_count).toBe(1);
    }
  });
});
