import { Speech, parseWav, toSampleRate } from './speech';
import { SAMPLE_RATE, renderRecording } from './wav';

describe('recordings', () => {
  const turns = [
    { role: 'assistant' as const, text: 'Hello, this is the clinic calling.', startSec: 0, endSec: 1.5 },
    { role: 'customer' as const, text: 'Hi.', startSec: 2, endSec: 2.5 },
  ];

  it('without speech, every turn is its tone and the file is exactly durationSec long', () => {
    const wav = renderRecording(turns, 3);
    const { rate, samples } = parseWav(wav);
    expect(rate).toBe(SAMPLE_RATE);
    expect(samples.length).toBe(3 * SAMPLE_RATE);
    // 440 Hz sine at the start of the assistant turn, silence in the gap
    expect(samples[Math.round(SAMPLE_RATE / 440 / 4)]).toBeGreaterThan(5000);
    expect(samples[Math.round(1.75 * SAMPLE_RATE)]).toBe(0);
  });

  it('resamples by linear interpolation', () => {
    const out = toSampleRate({ rate: 16000, samples: Int16Array.from([0, 100, 200, 300]) }, 8000);
    expect(Array.from(out)).toEqual([0, 200]);
  });

  it('speaks the turns with espeak-ng (installed by scripts/test.sh), cut to each turn', async () => {
    const speech = new Speech();
    expect(await speech.isAvailable()).toBe(true);
    const spoken = await speech.speak(turns[0].text, 'en');
    expect(spoken!.length).toBeGreaterThan(SAMPLE_RATE / 2);
    const wav = renderRecording(turns, 3, [spoken, null]);
    const { samples } = parseWav(wav);
    expect(samples.length).toBe(3 * SAMPLE_RATE);
    const toneOnly = parseWav(renderRecording(turns, 3)).samples;
    const speechPart = samples.subarray(0, 1.5 * SAMPLE_RATE);
    expect(
      Buffer.compare(
        Buffer.from(speechPart.buffer.slice(0)),
        Buffer.from(toneOnly.subarray(0, 1.5 * SAMPLE_RATE).buffer.slice(0)),
      ),
    ).not.toBe(0);
    expect(speechPart.some((v) => v !== 0)).toBe(true);
    expect(samples[Math.round(1.75 * SAMPLE_RATE)]).toBe(0);
  });
});
