import { ResidentDecoders } from './resident-decoder';
import { Speech, toSampleRate } from './speech';
import { Transcriber } from './transcriber';
import { SAMPLE_RATE } from './wav';

/** Telephone audio: flite at 8 kHz through G.711 µ-law and back, as a caller's turn arrives. */
async function callerSays(text: string): Promise<Int16Array> {
  const { mulaw } = await import('alawmulaw');
  const samples = (await new Speech().speak(text, 'en', 'flite:awb'))!;
  return mulaw.decode(mulaw.encode(samples));
}

describe('speech recognition (pocketsphinx; python3-pocketsphinx and the CLI installed by scripts/test.sh)', () => {
  const transcriber = new Transcriber();
  afterAll(() => transcriber.onModuleDestroy());

  it('the resident decoders start, and decode the same words as a run of pocketsphinx_continuous', async () => {
    const pool = new ResidentDecoders({ urgent: 1, background: 1 });
    expect(await pool.start()).toBe(true);
    try {
      const audio = toSampleRate({ rate: SAMPLE_RATE, samples: await callerSays('No thanks, not today.') }, 16000);
      const grammar = '#JSGF V1.0;\ngrammar expected;\npublic <phrase> = yes please | no thanks | not today;\n';
      const started = performance.now();
      const [biased, free] = await Promise.all([pool.decode(audio, grammar, true), pool.decode(audio, null, false)]);
      console.log(`resident decode of 1.3 s of speech: ${Math.round(performance.now() - started)} ms`);
      expect(biased.text).toMatch(/no thanks|not today/);
      expect(free.words.every((w) => w.p >= 0 && w.p <= 1 && !w.word.startsWith('<'))).toBe(true);
    } finally {
      pool.stop();
    }
  });

  it('recognises a turn biased to the expected phrases, with a confidence', async () => {
    const heard = await transcriber.recognise(await callerSays('Yes please, that would be great.'), [
      'yes please',
      'no thanks',
    ]);
    expect(heard?.text).toBe('yes please');
    // the grammar answers at once; the confidence (the free decode's) follows
    const confidence = heard?.refined ? await heard.refined : heard?.confidence;
    expect(confidence).toBeGreaterThanOrEqual(0);
    expect(confidence).toBeLessThanOrEqual(1);
  });
});
