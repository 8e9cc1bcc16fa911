import { spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './wait';

const root = join(__dirname, '..', '..');

/** The peers (sipp, baresip) listen on this loopback address; the engine on 127.0.0.1 (npm `sip`
 * answers 404 itself to a request for its own address). */
export const PEER_ADDRESS = '127.0.0.2';

/** A UDP port nobody holds on the address, and the one after it free too (RTP uses pairs). */
export async function freeUdpPort(address = PEER_ADDRESS): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = createSocket('udp4');
      s.once('error', reject);
      s.bind(0, address, () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
    if (port % 2 === 0 && port < 65000) return port;
  }
}

export interface SippHandle {
  port: number;
  mediaPort: number;
  /** sipp's own error log: what it did not expect. */
  errors(): string;
  /** Every SIP message sipp sent and received (for a failing test's message). */
  messages(): string;
  stop(): void;
}

/**
 * A sipp user agent server playing one of the project's scenarios (test/sip/*.xml) on
 * 127.0.0.2, echoing RTP back (-rtp_echo). Started in the background (-bg), stopped by its pid.
 */
export async function startSipp(scenario: string, extra: string[] = []): Promise<SippHandle> {
  const port = await freeUdpPort();
  const mediaPort = await freeUdpPort();
  const dir = mkdtempSync(join(tmpdir(), 'sipp-'));
  // with -bg the parent prints the background pid and exits (with status 99)
  const { stdout: out, stderr } = spawnSync(
    'sipp',
    [
      ...['-sf', join(root, 'test/sip', scenario), '-i', PEER_ADDRESS, '-p', String(port)],
      ...['-mi', PEER_ADDRESS, '-mp', String(mediaPort), '-rtp_echo', '-bg', '-trace_err', '-nostdin'],
      ...['-error_file', join(dir, 'errors.log'), '-trace_msg', '-message_file', join(dir, 'messages.log'), ...extra],
    ],
    { cwd: dir, encoding: 'utf8', env: process.env },
  );
  const pid = Number(/PID=\[(\d+)\]/.exec(out)?.[1]);
  if (!pid) throw new Error(`sipp did not start in the background:\n${out}${stderr}`);
  await waitFor(`sipp on ${PEER_ADDRESS}:${port}`, async () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      throw new Error(`sipp exited:\n${out}`);
    }
  });
  return {
    port,
    mediaPort,
    errors: () => (existsSync(join(dir, 'errors.log')) ? readFileSync(join(dir, 'errors.log'), 'utf8') : ''),
    messages: () => (existsSync(join(dir, 'messages.log')) ? readFileSync(join(dir, 'messages.log'), 'utf8') : ''),
    stop: () => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}
