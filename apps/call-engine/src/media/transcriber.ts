import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Injectable, Logger } from '@nestjs/common';
import { toSampleRate } from './speech';
import { monoWav, SAMPLE_RATE } from './wav';

const run = promisify(execFile);

/** What was recognised in a caller's turn: the words, and how sure the recogniser is (0–1). */
export interface Recognition {
  text: string;
  confidence: number;
}

/** The recogniser's 16 kHz model wants the 8 kHz call audio upsampled. */
const MODEL_RATE = 16000;

/**
 * Offline speech recognition of a caller's turn with Debian's pocketsphinx (`pocketsphinx_continuous`,
 * en-us model). When the script expects phrases, a JSGF grammar of them biases recognition (telephone
 * audio after G.711 is poorly recognised free); free recognition runs beside it, gives the text when
 * the grammar found nothing, and gives the confidence (mean word posterior). Null when pocketsphinx is
 * not installed, or nothing was recognised.
 */
@Injectable()
export class Transcriber {
  private readonly logger = new Logger(Transcriber.name);
  private available?: Promise<boolean>;

  isAvailable(): Promise<boolean> {
    this.available ??= run('pocketsphinx_continuous', ['-h']).then(
      () => true,
      (e: { code?: string }) => e.code !== 'ENOENT',
    );
    return this.available;
  }

  async recognise(samples: Int16Array, phrases: string[]): Promise<Recognition | null> {
    if (samples.length === 0 || !(await this.isAvailable())) return null;
    const base = join(tmpdir(), `turn-${randomBytes(8).toString('hex')}`);
    const wav = monoWav(toSampleRate({ rate: SAMPLE_RATE, samples }, MODEL_RATE));
    wav.writeUInt32LE(MODEL_RATE, 24);
    wav.writeUInt32LE(MODEL_RATE * 2, 28);
    try {
      await writeFile(`${base}.wav`, wav);
      const words = phrases.map(grammarWords).filter(Boolean);
      if (words.length) await writeFile(`${base}.gram`, jsgf(words));
      const [biased, free] = await Promise.all([
        // a phrase with a word the dictionary lacks makes the grammar unusable: free recognition stays
        words.length ? this.decode(`${base}.wav`, ['-jsgf', `${base}.gram`]).catch(() => null) : null,
        this.decode(`${base}.wav`, []),
      ]);
      const text = biased?.text || free?.text || '';
      if (!text) return null;
      const posteriors = (free?.words ?? []).filter((w) => text.split(' ').includes(w.word)).map((w) => w.p);
      const confidence = posteriors.length ? posteriors.reduce((a, b) => a + b, 0) / posteriors.length : 0;
      return { text, confidence: Math.round(confidence * 100) / 100 };
    } catch (e) {
      this.logger.warn({ err: (e as Error).message, msg: 'speech recognition failed; the turn keeps text null' });
      return null;
    } finally {
      await Promise.all([rm(`${base}.wav`, { force: true }), rm(`${base}.gram`, { force: true })]);
    }
  }

  /** One pocketsphinx run: the hypothesis and each word's posterior (`-time yes` lines). */
  private async decode(file: string, extra: string[]) {
    const { stdout } = await run(
      'pocketsphinx_continuous',
      ['-infile', file, '-logfn', '/dev/null', '-time', 'yes', ...extra],
      { timeout: 20_000 },
    );
    const lines = stdout.trim().split('\n');
    const words = lines
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f.length === 4 && !f[0].startsWith('<') && !f[0].startsWith('['))
      .map(([word, , , p]) => ({ word: word.replace(/\(\d+\)$/, ''), p: Number(p) }));
    return { text: (lines[0] ?? '').trim(), words };
  }
}

/** A phrase as grammar words: lower case letters, digits and apostrophes only. */
function grammarWords(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

function jsgf(phrases: string[]): string {
  return `#JSGF V1.0;\ngrammar expected;\npublic <phrase> = ${[...new Set(phrases)].join(' | ')};\n`;
}
