import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SAMPLE_RATE } from './wav';

const run = promisify(execFile);

/** A voice: espeak-ng (every language it has), or one of flite's English voices (clearer on the phone). */
export type Voice = 'espeak-ng' | `flite:${string}`;

/**
 * Speaks text as 8 kHz mono samples with espeak-ng or flite (Debian packages espeak-ng, flite);
 * without the program, recordings of simulated calls fall back to the documented tone signal.
 */
@Injectable()
export class Speech {
  private readonly logger = new Logger(Speech.name);
  private readonly available = new Map<string, Promise<boolean>>();
  // An assistant says the same lines on every call: each (voice, language, text) is spoken once, and
  // concurrent calls wanting the same line share one run. Bounded to 64 MB of samples.
  private readonly spoken = new LRUCache<string, Int16Array>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (samples) => Math.max(1, samples.byteLength),
    fetchMethod: (key) => {
      const [voice, language, text] = JSON.parse(key) as [Voice, string, string];
      return this.synthesize(text, language, voice);
    },
  });

  isAvailable(voice: Voice = 'espeak-ng'): Promise<boolean> {
    const program = programOf(voice);
    let known = this.available.get(program);
    if (!known) {
      known = run(program, [program === 'flite' ? '-lv' : '--version']).then(
        () => true,
        () => false,
      );
      this.available.set(program, known);
    }
    return known;
  }

  /**
   * The spoken text as 8 kHz samples, or null when the program is missing or fails. flite speaks
   * English only: other languages use espeak-ng whatever the voice asked for.
   */
  async speak(text: string, language: string, voice: Voice = 'espeak-ng'): Promise<Int16Array | null> {
    const usable: Voice = voice.startsWith('flite:') && !/^en\b/i.test(language) ? 'espeak-ng' : voice;
    if (!(await this.isAvailable(usable))) return null;
    return (await this.spoken.fetch(JSON.stringify([usable, language, text]))) ?? null;
  }

  private async synthesize(text: string, language: string, voice: Voice): Promise<Int16Array | undefined> {
    const program = programOf(voice);
    try {
      return toSampleRate(parseWav(await this.wavOf(program, text, language, voice)), SAMPLE_RATE);
    } catch (e) {
      this.logger.warn({ err: (e as Error).message, program, msg: `${program} failed to speak a line` });
      return undefined; // not cached: the next call tries again
    }
  }

  private async wavOf(program: string, text: string, language: string, voice: Voice): Promise<Buffer> {
    const options = { encoding: 'buffer' as const, maxBuffer: 64 * 1024 * 1024, timeout: 10_000 };
    if (program === 'espeak-ng') return (await run(program, ['-v', language, '--stdout', '--', text], options)).stdout;
    // flite writes only to a file (Node's pipes to a child are sockets, which /dev/stdout cannot open)
    const file = join(tmpdir(), `flite-${randomBytes(8).toString('hex')}.wav`);
    try {
      await run(program, ['-voice', voice.slice('flite:'.length), '-t', text, '-o', file], options);
      return await readFile(file);
    } finally {
      await rm(file, { force: true });
    }
  }
}

const programOf = (voice: Voice) => (voice.startsWith('flite:') ? 'flite' : 'espeak-ng');

/** Mono 16-bit PCM samples and their rate from a WAV file (the data chunk may claim any size). */
export function parseWav(buf: Buffer): { rate: number; samples: Int16Array } {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let rate = 22050;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') rate = buf.readUInt32LE(at + 12);
    if (id === 'data') {
      const end = Math.min(buf.length, at + 8 + size);
      const pcm = buf.subarray(at + 8, end - ((end - at - 8) % 2));
      return { rate, samples: new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length)) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

/** Linear-interpolation resampling: plenty for speech at telephone quality. */
export function toSampleRate({ rate, samples }: { rate: number; samples: Int16Array }, target: number): Int16Array {
  if (rate === target) return samples;
  const out = new Int16Array(Math.floor((samples.length * target) / rate));
  for (let i = 0; i < out.length; i++) {
    const pos = (i * rate) / target;
    const j = Math.floor(pos);
    const frac = pos - j;
    out[i] = Math.round((samples[j] ?? 0) * (1 - frac) + (samples[j + 1] ?? samples[j] ?? 0) * frac);
  }
  return out;
}
