import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeUdpPort } from './sip-peers';
import { waitFor } from './wait';

const root = join(__dirname, '..', '..');

/** Where the SIP front door listens in tests. */
export const PROXY_ADDRESS = '127.0.0.5';

export interface KamailioHandle {
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** How patient Kamailio is with an engine (the config's ENGINE_REPLY_MS and ENGINE_DOWN_AFTER). */
export interface KamailioTimings {
  replyMs?: number;
  downAfter?: number;
}

/**
 * Kamailio with the project's configuration (ops/kamailio/kamailio.cfg: dispatcher over the engines,
 * OPTIONS probing every second) on 127.0.0.5, in front of the engines at `engines` ("addr:port").
 */
export async function startKamailio(engines: string[], timings: KamailioTimings = {}): Promise<KamailioHandle> {
  const port = await freeUdpPort(PROXY_ADDRESS);
  const dir = mkdtempSync(join(tmpdir(), 'kamailio-'));
  const list = join(dir, 'dispatcher.list');
  writeFileSync(list, engines.map((e) => `1 sip:${e}\n`).join(''));
  const proc = spawn(
    'kamailio',
    [
      ...['-f', join(root, 'ops/kamailio/kamailio.cfg'), '-l', `udp:${PROXY_ADDRESS}:${port}`],
      ...['-A', `DISPATCHER_LIST="${list}"`],
      ...(timings.replyMs ? ['-A', `ENGINE_REPLY_MS=${timings.replyMs}`] : []),
      ...(timings.downAfter ? ['-A', `ENGINE_DOWN_AFTER=${timings.downAfter}`] : []),
      ...['-DD', '-E', '-n', '2', '-Y', dir],
    ],
    // its own process group: Kamailio forks workers, and stop() must take them all
    { stdio: ['ignore', 'pipe', 'pipe'], env: process.env, detached: true },
  );
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await waitFor('kamailio to listen', async () => {
    if (proc.exitCode !== null) throw new Error(`kamailio exited:\n${out}`);
    return out.includes('Listening on');
  });
  return {
    port,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null) process.kill(-proc.pid!, 'SIGKILL');
      await exited;
    },
  };
}
