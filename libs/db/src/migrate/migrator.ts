import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

/** Prisma's own bookkeeping table, same columns, so `prisma migrate deploy` agrees with us. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Finds prisma/migrations above this file, from the sources and from dist alike. */
export function findMigrationsDir(from = __dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'prisma', 'migrations');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`prisma/migrations not found above ${from}`);
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies the hand-written SQL migrations in Prisma's layout (prisma migrate cannot reach its
 * engine binary here). Each runs in one transaction with its _prisma_migrations row, so a failed
 * migration leaves nothing half-applied; an advisory lock lets several processes call it at once.
 * Running it again applies nothing.
 */
export async function migrate(
  databaseUrl: string,
  dir = findMigrationsDir(),
  log = (_: string) => {},
): Promise<MigrationResult> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('voice-calling-service:migrate'))`);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    const names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
      .map((d) => d.name)
      .sort();
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const name of names) {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = done.get(name);
      if (previous?.finished_at) {
        if (previous.checksum !== checksum) log(`warning: migration ${name} was modified after it was applied`);
        result.alreadyApplied.push(name);
        continue;
      }
      if (previous) throw new Error(`Migration ${name} started earlier and never finished; resolve it by hand`);
      log(`applying ${name}`);
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(e as Error).message}`, { cause: e });
      }
      result.applied.push(name);
    }
    return result;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('voice-calling-service:migrate'))`).catch(() => {});
    await client.end();
  }
}

/** Runs `work` on the maintenance database of the server, with the name of the URL's database. */
async function withServer<T>(databaseUrl: string, work: (admin: Client, name: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    return await work(admin, name);
  } finally {
    await admin.end();
  }
}

/** Creates the database named in the URL when it does not exist yet. */
export function ensureDatabase(databaseUrl: string): Promise<boolean> {
  return withServer(databaseUrl, async (admin, name) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await admin.query(`CREATE DATABASE "${name}"`);
    return true;
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await withServer(databaseUrl, (admin, name) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
