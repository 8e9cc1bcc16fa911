import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWav } from '../../apps/call-engine/src/media/speech';
import { freeUdpPort, PEER_ADDRESS, udpTaken } from './free-ports';
import { waitFor } from './wait';

const root = join(__dirname, '..', '..');

export { freeUdpPort, PEER_ADDRESS };

export interface SippHandle {
  port: number;
  mediaPort: number;
  /** sipp's own error log: what it did not expect of the call (not its overload warnings, see sippErrors). */
  errors(): string;
  /** Every SIP message sipp sent and received (for a failing test's message). */
  messages(): string;
  stop(): void;
}

/**
 * sipp playing one of the project's scenarios (test/sip/*.xml) on `address` (127.0.0.2), echoing
 * RTP back (-rtp_echo); `extra` makes it a caller (a target, -s, -m). Started in the background
 * (-bg), stopped by its pid.
 */
export async function startSipp(scenario: string, extra: string[] = [], address = PEER_ADDRESS): Promise<SippHandle> {
  const port = await freeUdpPort(address);
  // sipp's echo binds audio RTP and RTCP, then video RTP and RTCP on the two ports after them
  const mediaPort = await freeUdpPort(address, 4);
  const dir = mkdtempSync(join(tmpdir(), 'sipp-'));
  // with -bg the parent prints the background pid and exits (with status 99)
  const { stdout: out, stderr } = spawnSync(
    'sipp',
    [
      ...['-sf', join(root, 'test/sip', scenario), '-i', address, '-p', String(port)],
      ...['-mi', address, '-mp', String(mediaPort), '-rtp_echo', '-bg', '-trace_err', '-nostdin'],
      ...['-error_file', join(dir, 'errors.log'), '-trace_msg', '-message_file', join(dir, 'messages.log'), ...extra],
    ],
    { cwd: dir, encoding: 'utf8', env: process.env },
  );
  const pid = Number(/PID=\[(\d+)\]/.exec(out)?.[1]);
  if (!pid) throw new Error(`sipp did not start in the background:\n${out}${stderr}`);
  // alive is not enough: sipp's background child binds its port a moment later, and an INVITE sent
  // before that meets a closed port (the call failed as unreachable once in CI). A caller (`extra`
  // names a target) may place its one call and be gone before we look: its logs tell how it went.
  const caller = extra.length > 0;
  await waitFor(`sipp on ${address}:${port}`, async () => {
    try {
      process.kill(pid, 0);
    } catch {
      if (caller) return true;
      throw new Error(`sipp exited:\n${out}`);
    }
    return udpTaken(port);
  });
  // sipp writes a log only once it has something to say
  const log = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
  return {
    port,
    mediaPort,
    errors: () => sippErrors(log('errors.log')),
    messages: () => log('messages.log'),
    stop: () => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/**
 * sipp's error log without its watchdog's overload warnings ("the minor watchdog timer 500ms has been tripped"):
 * they say sipp's own process waited for a core on a loaded machine (once in CI, beside the browser suites), not
 * that the call went wrong; whatever that lateness broke shows as a SIP error here or in the call's own assertions.
 * sipp's "Overload error" (its watchdog giving up and exiting) stays.
 */
export function sippErrors(log: string): string {
  const lines = log.split('\n').filter((line) => !/: Overload warning: the (minor|major) watchdog timer /.test(line));
  const events = lines.filter((line) => line.trim() !== '' && line.trim() !== 'The following events occurred:');
  return events.length === 0 ? '' : lines.join('\n');
}

export interface BaresipHandle {
  port: number;
  /** What baresip heard (decoded from our RTP) and what it sent, as 8 kHz samples, once the call ended. */
  recordings(): { heard: Int16Array; sent: Int16Array } | null;
  output(): string;
  /** Presses a key on the phone (baresip's menu sends it as an RFC 4733 telephone-event). */
  press(key: string): void;
  stop(): Promise<void>;
}

/**
 * A baresip phone for `number` on 127.0.0.2 that answers by itself, says `wav` (8 kHz mono) and records what it
 * hears and sends (sndfile), G.711 µ-law only.
 */
export async function startBaresip(wav: string, number = '+14155550123', dial?: string): Promise<BaresipHandle> {
  const port = await freeUdpPort();
  const rtp = await freeUdpPort(PEER_ADDRESS, 12); // rtp_ports below: 11 ports, and RTCP after the last
  const dir = mkdtempSync(join(tmpdir(), 'baresip-'));
  const records = join(dir, 'recordings');
  mkdirSync(records);
  const config = [
    'poll_method epoll',
    `sip_listen ${PEER_ADDRESS}:${port}`,
    `net_interface ${PEER_ADDRESS}`,
    `rtp_ports ${rtp}-${rtp + 10}`,
    `audio_source aufile,${wav}`,
    'audio_player aufile,/dev/null',
    'audio_alert aufile,/dev/null',
    'module_path /usr/lib/baresip/modules',
    'module g711.so',
    'module aufile.so',
    'module sndfile.so',
    'module stdio.so',
    `snd_path ${records}`,
    'module_app account.so',
    'module_app menu.so',
  ];
  writeFileSync(join(dir, 'config'), config.join('\n') + '\n');
  writeFileSync(join(dir, 'accounts'), `<sip:${number}@${PEER_ADDRESS}>;regint=0;audio_codecs=PCMU;answermode=auto\n`);
  const proc = spawn('baresip', ['-v', '-f', dir, ...(dial ? ['-e', `/dial ${dial}`] : [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: process.env,
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await waitFor('baresip to be ready', async () => {
    if (proc.exitCode !== null) throw new Error(`baresip exited:\n${out}`);
    return out.includes('baresip is ready');
  });
  const read = (suffix: string) => {
    const file = readdirSync(records).find((f) => f.endsWith(suffix));
    return file ? parseWav(readFileSync(join(records, file))).samples : null;
  };
  return {
    port,
    output: () => out,
    press: (key) => proc.stdin!.write(key),
    recordings: () => {
      if (!out.includes('terminated')) return null; // sndfile writes its headers when the call ends
      const heard = read('-dec.wav');
      const sent = read('-enc.wav');
      return heard && sent ? { heard, sent } : null;
    },
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}
