#!/usr/bin/env node
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { ensureDatabase, HISTORY_MONTHS_AHEAD, HistoryPartitions, migrate } from '@app/db';
import { AssistantsRepository } from '@app/assistants';
import { AppConfig, ConfigModule, SecretBox, UNSAFE_TEXT } from '@app/platform';
import {
  ApiKeysRepository,
  hashPassword,
  PeopleRepository,
  type RoleName,
  ROLES,
  WorkspacesRepository,
} from '@app/workspaces';
import { CliModule } from './cli.module';

/**
 * Operator CLI: `npm run -s cli -- <command>`. Output is made for scripts: the one value asked
 * for on stdout (or tab-separated rows, or JSON with --json); messages and errors on stderr.
 */
async function withApp<T>(fn: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

async function workspaceOrExit(app: INestApplicationContext, idOrName: string) {
  const ws = await app.get(WorkspacesRepository).findByIdOrName(idOrName);
  if (!ws) fail(`workspace '${idOrName}' not found`);
  return ws;
}

/** One output row: tab-separated cells, anything unprintable escaped so no value can forge a row. */
function row(...cells: unknown[]): string {
  const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const unsafe = new RegExp(UNSAFE_TEXT.source, 'g');
  return `${cells.map((c) => String(c).replace(/\\/g, '\\\\').replace(unsafe, escape)).join('\t')}\n`;
}

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

/** A label a person reads back in `key list`: no control or bidirectional-override characters. */
function printableOrExit(option: string, value: string) {
  if (UNSAFE_TEXT.test(value)) fail(`${option} must not contain control or bidirectional-override characters`);
}

const parseRole = (value: string): RoleName => {
  if (!(ROLES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`role must be one of ${ROLES.join(', ')}`);
  return value as RoleName;
};

const program = new Command('cli')
  .description('Operator commands of the voice calling service (reads DATABASE_URL and the other variables of README)')
  .showHelpAfterError();

program
  .command('migrate')
  .description('create the database if needed and apply pending SQL migrations of prisma/migrations (safe to repeat)')
  .action(async () => {
    // Config through AppConfig like everywhere, from a context that holds nothing else (no database yet).
    const config = (await NestFactory.createApplicationContext(ConfigModule, { logger: false })).get(AppConfig);
    const url = config.DATABASE_URL;
    if (await ensureDatabase(url)) process.stderr.write('created the database\n');
    const { applied } = await migrate(url, undefined, (m) => process.stderr.write(`${m}\n`));
    process.stderr.write(applied.length ? `applied ${applied.length} migration(s)\n` : 'database is up to date\n');
    // Data written before secrets were encrypted at rest: tool-server header values.
    if (!config.ENCRYPTION_KEY) return void process.stderr.write('ENCRYPTION_KEY unset: stored secrets not checked\n');
    const sealed = await withApp((app) => app.get(AssistantsRepository).sealClearToolHeaders(new SecretBox(config)));
    if (sealed) process.stderr.write(`encrypted the tool-server headers of ${sealed} assistant(s)\n`);
  });

const workspace = program.command('workspace').description('manage workspaces');

const count = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) > 100_000)
    throw new InvalidArgumentError('must be a whole number ≤ 100000');
  return Number(value);
};

workspace
  .command('create <names...>')
  .description('create workspaces; prints the id of each alone (with --admin-key, its key on the line after), in order')
  .option('--live-calls <n>', 'their live-call limit (as workspace limits sets it; default 10)', count)
  .option('--admin-key <label>', 'also create an admin API key with this label for each (shown only this once)')
  .action((names: string[], opts: { liveCalls?: number; adminKey?: string }) =>
    withApp(async (app) => {
      if (opts.adminKey !== undefined) printableOrExit('--admin-key', opts.adminKey);
      const repo = app.get(WorkspacesRepository);
      // every name is checked before any is created, so a refused command creates nothing
      const repeated = names.find((name, i) => names.indexOf(name) !== i);
      if (repeated !== undefined) fail(`'${repeated}' is named twice`);
      for (const name of names) {
        if (await repo.findByIdOrName(name)) fail(`a workspace named '${name}' already exists`);
      }
      // a scripted set-up (a benchmark makes up to 20 workspaces, each with its limit and key) in one process
      for (const name of names) {
        const ws = await repo.create(name);
        if (opts.liveCalls !== undefined) await repo.setLimits(ws.id, { liveCallLimit: opts.liveCalls });
        process.stdout.write(`${ws.id}\n`);
        if (opts.adminKey !== undefined) {
          const { key: full } = await app.get(ApiKeysRepository).create(ws.id, opts.adminKey, 'admin');
          process.stdout.write(`${full}\n`);
        }
      }
    }),
  );

workspace
  .command('limits <idOrName>')
  .description('show or set the live-call limit and the slots campaigns leave for inbound calls; prints them as JSON')
  .option('--live-calls <n>', 'calls that may ring or be in progress at once', count)
  .option('--reserved-for-inbound <n>', 'slots campaigns leave free for inbound calls', count)
  .action((idOrName: string, opts: { liveCalls?: number; reservedForInbound?: number }) =>
    withApp(async (app) => {
      const ws = await workspaceOrExit(app, idOrName);
      const limits = await app
        .get(WorkspacesRepository)
        .setLimits(ws.id, { liveCallLimit: opts.liveCalls, reservedForInbound: opts.reservedForInbound });
      process.stdout.write(`${JSON.stringify(limits)}\n`);
    }),
  );

workspace
  .command('retention <idOrName>')
  .description("set how long calls' transcripts and recordings are kept; prints the setting as JSON")
  .option('--media-days <n>', 'days after a call ended (the engine then deletes them; the call stays)', count)
  .option('--keep-media', 'keep them (the default)')
  .action((idOrName: string, opts: { mediaDays?: number; keepMedia?: boolean }) =>
    withApp(async (app) => {
      if ((opts.mediaDays === undefined) === !opts.keepMedia) fail('give one of --media-days <n> and --keep-media');
      const ws = await workspaceOrExit(app, idOrName);
      const setting = await app.get(WorkspacesRepository).setMediaRetention(ws.id, opts.mediaDays ?? null);
      process.stdout.write(`${JSON.stringify(setting)}\n`);
    }),
  );

const history = program.command('history').description("the event, delivery and attempt history's monthly partitions");
const day = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().slice(0, 10));
history
  .command('partitions')
  .description('list them: table, partition, first day, day after the last (tab-separated)')
  .action(() =>
    withApp(async (app) => {
      for (const p of await app.get(HistoryPartitions).list())
        process.stdout.write(row(p.table, p.name, day(p.from), day(p.to)));
    }),
  );
history
  .command('maintain')
  .description(
    'create the coming months and drop those past HISTORY_RETENTION_DAYS now, as an engine does every ' +
      'HISTORY_MAINTENANCE_INTERVAL_MS; prints what it created and dropped',
  )
  .action(() =>
    withApp(async (app) => {
      const retentionDays = app.get(AppConfig).HISTORY_RETENTION_DAYS;
      const done = await app
        .get(HistoryPartitions)
        .maintain(new Date(), { retentionDays, monthsAhead: HISTORY_MONTHS_AHEAD });
      if (!done) fail('another maintenance pass is running; try again');
      for (const p of done.create) process.stdout.write(row('created', p.name));
      for (const p of done.drop) process.stdout.write(row('dropped', p.name));
    }),
  );

const key = program.command('key').description('manage API keys');
key
  .command('create')
  .description('create an API key; prints the full key alone (it is shown only this once)')
  .requiredOption('--workspace <idOrName>', 'workspace id or name')
  .requiredOption('--name <label>', 'free text naming the purpose of the key')
  .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, parseRole)
  .action((opts: { workspace: string; name: string; role: RoleName }) =>
    withApp(async (app) => {
      printableOrExit('--name', opts.name);
      const ws = await workspaceOrExit(app, opts.workspace);
      const { key: full } = await app.get(ApiKeysRepository).create(ws.id, opts.name, opts.role);
      process.stdout.write(`${full}\n`);
    }),
  );

key
  .command('list')
  .description('list keys: keyId, name, role, preview, createdAt, revokedAt (tab-separated, or --json)')
  .requiredOption('--workspace <idOrName>', 'workspace id or name')
  .option('--json', 'print a JSON array instead')
  .action((opts: { workspace: string; json?: boolean }) =>
    withApp(async (app) => {
      const ws = await workspaceOrExit(app, opts.workspace);
      const rows = (await app.get(ApiKeysRepository).list(ws.id)).map((k) => ({
        keyId: k.id,
        name: k.name,
        role: k.account.role,
        preview: k.preview,
        createdAt: k.createdAt.toISOString(),
        revokedAt: k.revokedAt?.toISOString() ?? null,
      }));
      if (opts.json) return void process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      for (const r of rows)
        process.stdout.write(row(r.keyId, r.name, r.role, r.preview, r.createdAt, r.revokedAt ?? '-'));
    }),
  );

key
  .command('revoke <keyId>')
  .description('revoke a key at once; prints the key id')
  .action((keyId: string) =>
    withApp(async (app) => {
      const repo = app.get(ApiKeysRepository);
      const found = await repo.findAnywhere(keyId);
      if (!found) fail(`key '${keyId}' not found`);
      await repo.revoke(found.workspaceId, keyId);
      process.stdout.write(`${keyId}\n`);
    }),
  );

program
  .command('seed-demo')
  .description(
    'make the demo workspace, one assistant, an owner key (kept in --key-file) and an owner person ' +
      '(email and password kept in --owner-file); prints JSON',
  )
  .option('--key-file <path>', 'where the demo key is kept between runs', '.local/demo-api-key')
  .option('--owner-file <path>', "where the demo owner's email and password are kept", '.local/demo-owner')
  .action((opts: { keyFile: string; ownerFile: string }) =>
    withApp(async (app) => {
      const workspaces = app.get(WorkspacesRepository);
      const ws = (await workspaces.findByIdOrName('demo')) ?? (await workspaces.create('demo'));
      const assistants = app.get(AssistantsRepository);
      const existing = await assistants.list(ws.id, 0, 1);
      const assistant =
        existing.list[0] ??
        (await assistants.create(ws.id, {
          name: 'Demo assistant',
          language: 'en',
          firstMessage: 'Hi, this is the demo assistant. Do you have a minute?',
          script: [
            { hear: 'Sure, go ahead.' },
            { say: 'Great. I am calling to confirm your appointment tomorrow at ten.' },
            { hear: 'Yes, that works.' },
            { say: 'Perfect, see you then. Goodbye!' },
            { hangup: 'assistant' },
          ],
        }));
      const keys = app.get(ApiKeysRepository);
      let demoKey = existsSync(opts.keyFile) ? readFileSync(opts.keyFile, 'utf8').trim() : '';
      const valid = demoKey ? await keys.authenticate(demoKey) : null;
      if (!valid || valid.revoked || valid.workspaceId !== ws.id) {
        demoKey = (await keys.create(ws.id, 'demo owner key', 'owner')).key;
        mkdirSync(dirname(opts.keyFile), { recursive: true });
        writeFileSync(opts.keyFile, `${demoKey}\n`, { mode: 0o600 });
      }
      const owner = await seedDemoOwner(app, ws.id, opts.ownerFile);
      process.stdout.write(
        `${JSON.stringify({ workspaceId: ws.id, agentId: assistant.id, apiKey: demoKey, owner })}\n`,
      );
    }),
  );

/** The demo workspace's owner person: made once, the password kept (mode 600) beside the demo key. */
async function seedDemoOwner(app: INestApplicationContext, workspaceId: string, file: string) {
  const email = 'owner@demo.example.com';
  const people = app.get(PeopleRepository);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
  if (kept[0] === email && kept[1] && (await people.findPersonByEmail(email))) return { email, password: kept[1] };
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await people.upsertPerson({ workspaceId, email, name: 'Demo owner', role: 'owner', passwordHash });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${email}\n${password}\n`, { mode: 0o600 });
  return { email, password };
}

program.parseAsync(process.argv).catch((e: Error) => fail(e.message));
