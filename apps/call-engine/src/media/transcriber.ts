import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { ResidentDecoders, type Decoded } from './resident-decoder';
import { toSampleRate } from './speech';
import { monoWav, SAMPLE_RATE } from './wav';

const run = promisify(execFile);

/** What was recognised in a caller's turn: the words, and how sure the recogniser is (0–1). */
export interface Recognition {
  text: string;
  confidence: number;
  /** The confidence, once the free decode that gives it finished (when the grammar answered first). */
  refined?: Promise<number>;
}

/** The recogniser's 16 kHz model wants the 8 kHz call audio upsampled. */
const MODEL_RATE = 16000;

/**
 * Offline speech recognition of a caller's turn with Debian's pocketsphinx (en-us model). When the
 * script expects phrases, a JSGF grammar of them biases recognition (telephone audio after G.711
 * is poorly recognised free); free recognition runs beside it, gives the text when the grammar found
 * nothing, and gives the confidence (mean word posterior). The decoders stay loaded between turns
 * (python3-pocketsphinx, one process per core: loading the model was most of a turn's wait); without
 * the bindings each turn runs `pocketsphinx_continuous` once per decode. Null when pocketsphinx is
 * not installed, or nothing was recognised.
 */
@Injectable()
export class Transcriber implements OnModuleDestroy {
  private readonly logger = new Logger(Transcriber.name);
  private available?: Promise<boolean>;
  private resident?: Promise<ResidentDecoders | null>;

  constructor(@Optional() private readonly config?: AppConfig) {}

  isAvailable(): Promise<boolean> {
    this.available ??= run('pocketsphinx_continuous', ['-h']).then(
      () => true,
      (e: { code?: string }) => e.code !== 'ENOENT',
    );
    return this.available;
  }

  /** Starts the resident decoders (an engine with SIP waits for this as it starts; at most 20 s). */
  async warmUp(): Promise<void> {
    const limit = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
    await Promise.race([this.decoders(), limit]);
  }

  onModuleDestroy(): void {
    void this.resident?.then((pool) => pool?.stop());
  }

  private decoders(): Promise<ResidentDecoders | null> {
    this.resident ??= (async () => {
      const size = this.config?.SPEECH_DECODERS ?? Math.min(6, availableParallelism() + 1);
      if (size === 0) return null;
      const urgent = Math.max(1, Math.round((size * 2) / 3));
      const pool = new ResidentDecoders({ urgent, background: size - urgent });
      if (await pool.start()) return pool;
      this.logger.log({ msg: 'python3-pocketsphinx is not installed: one pocketsphinx run per decode' });
      return null;
    })();
    return this.resident;
  }

  async recognise(samples: Int16Array, phrases: string[]): Promise<Recognition | null> {
    if (samples.length === 0 || !(await this.isAvailable())) return null;
    const audio = toSampleRate({ rate: SAMPLE_RATE, samples }, MODEL_RATE);
    const words = phrases.map(grammarWords).filter(Boolean);
    const grammar = words.length ? jsgf(words) : null;
    try {
      const pool = await this.decoders();
      if (!pool) return recognitionOf(...(await this.decodeOnce(audio, grammar)));
      // the free decode gives the confidence (and the text: the answer itself when nothing is expected)
      const free = pool.decode(audio, null, !grammar);
      // a phrase with a word the dictionary lacks makes the grammar unusable: free recognition stays
      const biased = grammar ? await pool.decode(audio, grammar, true).catch(() => null) : null;
      if (!biased?.text) return recognitionOf(biased, await free);
      // the grammar answered in tens of ms: the caller gets the answer now, the confidence follows
      const refined = free.then(
        (f) => recognitionOf(biased, f)?.confidence ?? 0,
        () => 0,
      );
      return { text: biased.text, confidence: 0, refined };
    } catch (e) {
      this.logger.warn({ err: (e as Error).message, msg: 'speech recognition failed; the turn keeps text null' });
      return null;
    }
  }

  /** Without the resident decoders: the audio in a file, one pocketsphinx_continuous run per decode. */
  private async decodeOnce(audio: Int16Array, grammar: string | null): Promise<[Decoded | null, Decoded]> {
    const base = join(tmpdir(), `turn-${randomBytes(8).toString('hex')}`);
    const wav = monoWav(audio);
    wav.writeUInt32LE(MODEL_RATE, 24);
    wav.writeUInt32LE(MODEL_RATE * 2, 28);
    try {
      await writeFile(`${base}.wav`, wav);
      if (grammar) await writeFile(`${base}.gram`, grammar);
      return await Promise.all([
        grammar ? this.decode(`${base}.wav`, ['-jsgf', `${base}.gram`]).catch(() => null) : null,
        this.decode(`${base}.wav`, []),
      ]);
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

/** The text (the grammar's, else the free decode's) and the free decode's mean posterior of its words. */
function recognitionOf(biased: Decoded | null, free: Decoded): Recognition | null {
  const text = biased?.text || free.text || '';
  if (!text) return null;
  const said = text.split(' ');
  const posteriors = free.words.filter((w) => said.includes(w.word)).map((w) => w.p);
  const confidence = posteriors.length ? posteriors.reduce((a, b) => a + b, 0) / posteriors.length : 0;
  return { text, confidence: Math.round(confidence * 100) / 100 };
}

function jsgf(phrases: string[]): string {
  return `#JSGF V1.0;\ngrammar expected;\npublic <phrase> = ${[...new Set(phrases)].join(' | ')};\n`;
}
