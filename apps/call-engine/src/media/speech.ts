import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SAMPLE_RATE } from './wav';

const run = promisify(execFile);

/**
 * Speaks turns with espeak-ng when it is installed (Debian package espeak-ng), as 8 kHz mono
 * samples; without it, recordings fall back to the documented tone signal.
 */
@Injectable()
export class Speech {
  private readonly logger = new Logger(Speech.name);
  private available?: Promise<boolean>;
  // An assistant says the same lines on every call: each (language, text) is spoken once, and
  // concurrent calls wanting the same line share one espeak-ng run. Bounded to 64 MB of samples.
  private readonly spoken = new LRUCache<string, Int16Array>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (samples) => Math.max(1, samples.byteLength),
    fetchMethod: (key) => {
      const [language, text] = JSON.parse(key) as [string, string];
      return this.synthesize(text, language);
    },
  });

  isAvailable(): Promise<boolean> {
    this.available ??= run('espeak-ng', ['--version']).then(
      () => true,
      () => false,
    );
    return this.available;
  }

  /** The spoken text as 8 kHz samples, or null when espeak-ng is missing or fails. */
  async speak(text: string, language: string): Promise<Int16Array | null> {
    if (!(await this.isAvailable())) return null;
    return (await this.spoken.fetch(JSON.stringify([language, text]))) ?? null;
  }

  private async synthesize(text: string, language: string): Promise<Int16Array | undefined> {
    try {
      const { stdout } = await run('espeak-ng', ['-v', language, '--stdout', '--', text], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 10_000,
      });
      return toSampleRate(parseWav(stdout), SAMPLE_RATE);
    } catch (e) {
      this.logger.warn({ err: (e as Error).message, msg: 'espeak-ng failed; using the tone signal for this turn' });
      return undefined; // not cached: the next call tries again
    }
  }
}

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
