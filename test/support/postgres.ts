import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

/**
 * A PostgreSQL server of the test's own (initdb into a temp dir, on a spare port), which the test
 * may stop and start: never the machine's shared one.
 */
export async function startPostgres(): Promise<{ url: string; stop(): void; start(): void; destroy(): void }> {
  const version = readdirSync('/usr/lib/postgresql').sort().pop();
  const bin = `/usr/lib/postgresql/${version}/bin`;
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run its tools as the postgres user when we are root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : `${bin}/${tool}`,
      asRoot ? ['-u', 'postgres', '--', `${bin}/${tool}`, ...args] : args,
      { stdio: 'ignore' },
    );
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-t',
      '30',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/voice`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        /* already stopped */
      }
    },
  };
}
