import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDMMF } from '@prisma/internals';
import type { Client } from 'pg';
import { findMigrationsDir } from '@app/db';

/**
 * prisma migrate cannot run here, so migrations are written by hand. This compares the database
 * they produce with what schema.prisma describes: tables, columns, types, nullability, defaults,
 * enums, indexes and foreign keys. Partitions are storage of their parent table, not tables of the
 * schema, and are left out (their parent's indexes and keys are what Prisma sees).
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

export type SchemaAspect = 'tables' | 'enums' | 'columns' | 'indexes' | 'foreignKeys';

/** Each aspect of the schema as the database has it and as schema.prisma describes it. */
export async function compareSchema(db: Client): Promise<Record<SchemaAspect, { actual: unknown; expected: unknown }>> {
  const dmmf = await getDMMF({ datamodel: readFileSync(join(findMigrationsDir(), '..', 'schema.prisma'), 'utf8') });
  const models = dmmf.datamodel.models;
  const tableOf = (model: string) => {
    const m = models.find((x) => x.name === model)!;
    return m.dbName ?? m.name;
  };
  return {
    tables: await tables(),
    enums: await enums(),
    columns: await columns(),
    indexes: await indexes(),
    foreignKeys: await foreignKeys(),
  };

  async function tables() {
    const { rows } = await db.query(
      `SELECT c.relname AS table_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    );
    return {
      actual: rows.map((r) => r.table_name).sort(),
      expected: [...models.map((m) => m.dbName ?? m.name), '_prisma_migrations'].sort(),
    };
  }

  async function enums() {
    const { rows } = await db.query(
      `SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    );
    return {
      actual: Object.fromEntries(rows.map((r) => [r.typname, r.labels])),
      expected: Object.fromEntries(
        dmmf.datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]),
      ),
    };
  }

  async function columns() {
    const actual: object[] = [];
    const expected: object[] = [];
    for (const model of models) {
      const table = model.dbName ?? model.name;
      const { rows } = await db.query(
        `SELECT column_name, data_type, udt_name, is_nullable, column_default, datetime_precision
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      );
      const typeOf = (r: { data_type: string; udt_name: string }) =>
        r.data_type === 'USER-DEFINED'
          ? r.udt_name
          : r.data_type === 'ARRAY'
            ? `${r.udt_name.slice(1)}[]`
            : r.data_type;
      actual.push({
        table,
        columns: Object.fromEntries(
          rows.map((r) => [
            r.column_name,
            {
              type: typeOf(r),
              nullable: r.is_nullable === 'YES',
              hasDefault: r.column_default !== null,
              precision: r.data_type.startsWith('timestamp') ? r.datetime_precision : null,
            },
          ]),
        ),
      });
      expected.push({
        table,
        columns: Object.fromEntries(
          model.fields
            .filter((f) => f.kind !== 'object')
            .map((f) => {
              const base = f.kind === 'enum' ? f.type : PG_TYPE[f.type];
              return [
                f.dbName ?? f.name,
                {
                  type: f.isList ? `${base}[]` : base,
                  // Prisma leaves scalar lists nullable in PostgreSQL
                  nullable: f.isList ? true : !f.isRequired,
                  hasDefault: f.hasDefaultValue,
                  precision: f.type === 'DateTime' ? 3 : null,
                },
              ];
            }),
        ),
      });
    }
    return { actual, expected };
  }

  async function indexes() {
    const { rows } = await db.query(`
      SELECT t.relname AS table, i.indisprimary AS primary, i.indisunique AS unique,
             array_agg(a.attname || CASE WHEN (i.indoption[k.ord - 1] & 1) = 1 THEN ' desc' ELSE '' END
                       ORDER BY k.ord) AS cols
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relname <> '_prisma_migrations' AND NOT t.relispartition
      GROUP BY t.relname, i.indexrelid, i.indisprimary, i.indisunique`);
    return {
      actual: rows
        .map((r) => `${r.table} ${r.primary ? 'id' : r.unique ? 'unique' : 'normal'} (${r.cols.join(', ')})`)
        .sort(),
      expected: dmmf.datamodel.indexes
        .map((ix) => {
          const cols = ix.fields.map((f) => `${f.name}${f.sortOrder === 'desc' ? ' desc' : ''}`);
          const kind = ix.type === 'id' ? 'id' : ix.type === 'unique' ? 'unique' : 'normal';
          return `${tableOf(ix.model)} ${kind} (${cols.join(', ')})`;
        })
        .sort(),
    };
  }

  async function foreignKeys() {
    // A foreign key of (or to) a partitioned table has a copy per partition (conparentid set).
    const { rows } = await db.query(`
      SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to",
             (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(n, ord)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS cols
      FROM pg_constraint c WHERE c.contype = 'f' AND c.conparentid = 0`);
    const unquote = (s: string) => s.replace(/"/g, '');
    return {
      actual: rows.map((r) => `${unquote(r.from)}(${r.cols.join(',')}) -> ${unquote(r.to)}`).sort(),
      expected: models
        .flatMap((m) =>
          m.fields
            .filter((f) => f.kind === 'object' && (f.relationFromFields?.length ?? 0) > 0)
            .map((f) => `${m.dbName ?? m.name}(${f.relationFromFields!.join(',')}) -> ${tableOf(f.type)}`),
        )
        .sort(),
    };
  }
}
