import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDMMF } from '@prisma/internals';
import { Client } from 'pg';
import { findMigrationsDir, migrate } from '@app/db';

/**
 * prisma migrate cannot run here, so migrations are written by hand. This proves that the
 * database they produce is the one schema.prisma describes: tables, columns, types,
 * nullability, defaults, enums, indexes and foreign keys.
 */
const PG_TYPE: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  DateTime: 'timestamp without time zone',
  Json: 'jsonb',
  Float: 'double precision',
  Decimal: 'numeric',
  Bytes: 'bytea',
};

describe('migrated database matches prisma/schema.prisma', () => {
  let db: Client;
  let dmmf: Awaited<ReturnType<typeof getDMMF>>;

  beforeAll(async () => {
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    dmmf = await getDMMF({ datamodel: readFileSync(join(findMigrationsDir(), '..', 'schema.prisma'), 'utf8') });
  });
  afterAll(() => db.end());

  const tableOf = (model: string) => {
    const m = dmmf.datamodel.models.find((x) => x.name === model)!;
    return m.dbName ?? m.name;
  };

  it('has exactly the tables of the schema (plus _prisma_migrations)', async () => {
    const { rows } = await db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    const expected = [...dmmf.datamodel.models.map((m) => m.dbName ?? m.name), '_prisma_migrations'].sort();
    expect(rows.map((r) => r.table_name).sort()).toEqual(expected);
  });

  it('has the enums with their values', async () => {
    const { rows } = await db.query(
      `SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    );
    const actual = Object.fromEntries(rows.map((r) => [r.typname, r.labels]));
    const expected = Object.fromEntries(
      dmmf.datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]),
    );
    expect(actual).toEqual(expected);
  });

  it('has every column with its type, nullability and default, and no others', async () => {
    for (const model of dmmf.datamodel.models) {
      const table = model.dbName ?? model.name;
      const { rows } = await db.query(
        `SELECT column_name, data_type, udt_name, is_nullable, column_default, datetime_precision
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      );
      const actual = Object.fromEntries(
        rows.map((r) => [
          r.column_name,
          {
            type:
              r.data_type === 'USER-DEFINED'
                ? r.udt_name
                : r.data_type === 'ARRAY'
                  ? `${r.udt_name.slice(1)}[]`
                  : r.data_type,
            nullable: r.is_nullable === 'YES',
            hasDefault: r.column_default !== null,
            precision: r.data_type.startsWith('timestamp') ? r.datetime_precision : null,
          },
        ]),
      );
      const expected = Object.fromEntries(
        model.fields
          .filter((f) => f.kind !== 'object')
          .map((f) => {
            const base = f.kind === 'enum' ? f.type : PG_TYPE[f.type];
            const type = f.isList ? `${base === 'text' ? 'text' : base}[]` : base;
            return [
              f.dbName ?? f.name,
              {
                type,
                // Prisma leaves scalar lists nullable in PostgreSQL
                nullable: f.isList ? true : !f.isRequired,
                hasDefault: f.hasDefaultValue,
                precision: f.type === 'DateTime' ? 3 : null,
              },
            ];
          }),
      );
      expect({ table, columns: actual }).toEqual({ table, columns: expected });
    }
  });

  it('has exactly the primary keys, unique and plain indexes of the schema', async () => {
    const { rows } = await db.query(`
      SELECT t.relname AS table, i.indisprimary AS primary, i.indisunique AS unique,
             array_agg(a.attname || CASE WHEN (i.indoption[k.ord - 1] & 1) = 1 THEN ' desc' ELSE '' END
                       ORDER BY k.ord) AS cols
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relname <> '_prisma_migrations'
      GROUP BY t.relname, i.indexrelid, i.indisprimary, i.indisunique`);
    const actual = rows
      .map((r) => `${r.table} ${r.primary ? 'id' : r.unique ? 'unique' : 'normal'} (${r.cols.join(', ')})`)
      .sort();
    const expected = dmmf.datamodel.indexes
      .map((ix) => {
        const cols = ix.fields.map((f) => `${f.name}${f.sortOrder === 'desc' ? ' desc' : ''}`);
        const kind = ix.type === 'id' ? 'id' : ix.type === 'unique' ? 'unique' : 'normal';
        return `${tableOf(ix.model)} ${kind} (${cols.join(', ')})`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has exactly the foreign keys of the schema relations', async () => {
    const { rows } = await db.query(`
      SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to",
             (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(n, ord)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS cols
      FROM pg_constraint c WHERE c.contype = 'f'`);
    const unquote = (s: string) => s.replace(/"/g, '');
    const actual = rows.map((r) => `${unquote(r.from)}(${r.cols.join(',')}) -> ${unquote(r.to)}`).sort();
    const expected = dmmf.datamodel.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind === 'object' && (f.relationFromFields?.length ?? 0) > 0)
          .map((f) => `${m.dbName ?? m.name}(${f.relationFromFields!.join(',')}) -> ${tableOf(f.type)}`),
      )
      .sort();
    expect(actual).toEqual(expected);
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
