import type { Turn } from '@app/calls/lifecycle';

export const SAMPLE_RATE = 8000;

/**
 * A mono 16-bit PCM WAV of exactly durationSec seconds. A turn with speech (espeak-ng, see
 * Speech) is spoken over its time span, cut or padded with silence to fit; any other turn is a
 * soft tone (assistant 440 Hz, customer 330 Hz, tool 660 Hz); the gaps are silence.
 */
export function renderRecording(turns: Turn[], durationSec: number, speech: (Int16Array | null)[] = []): Buffer {
  const samples = Math.max(0, Math.round(durationSec * SAMPLE_RATE));
  const pcm = new Int16Array(samples);
  const freq = { assistant: 440, customer: 330, tool: 660 } as const;
  for (const [index, turn] of turns.entries()) {
    const from = Math.min(samples, Math.floor(turn.startSec * SAMPLE_RATE));
    const to = Math.min(samples, Math.floor(turn.endSec * SAMPLE_RATE));
    const spoken = speech[index];
    if (spoken) {
      pcm.set(spoken.subarray(0, Math.max(0, to - from)), from);
      continue;
    }
    for (let i = from; i < to; i++)
      pcm[i] = Math.round(6000 * Math.sin((2 * Math.PI * freq[turn.role] * i) / SAMPLE_RATE));
  }
  return monoWav(pcm);
}

/** An 8 kHz mono 16-bit WAV of the samples. */
export function monoWav(pcm: Int16Array): Buffer {
  // WAV is little-endian, as are the machines we run on (x86-64, arm64).
  return Buffer.concat([wavHeader(pcm.byteLength), Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]);
}

/** A two-channel 8 kHz WAV of a real call: left what the assistant sent, right what the far end sent. */
export function stereoWav(left: Int16Array, right: Int16Array): Buffer {
  const frames = Math.max(left.length, right.length);
  const pcm = new Int16Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    pcm[2 * i] = left[i] ?? 0;
    pcm[2 * i + 1] = right[i] ?? 0;
  }
  return Buffer.concat([wavHeader(pcm.byteLength, 2), Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]);
}

function wavHeader(dataBytes: number, channels = 1): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16); // PCM chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * 2 * channels, 28); // byte rate
  h.writeUInt16LE(2 * channels, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36);
  h.writeUInt32LE(dataBytes, 40);
  return h;
}
