import { WebSocket } from 'undici';
import type { Dispatcher } from 'undici';
import type { Recognition } from './transcriber';

/** One caller turn streamed to a recogniser as it is spoken: frames in, the words out at the end. */
export interface StreamingRecognition {
  /** 20 ms of the caller's audio, 8 kHz. */
  push(frame: Int16Array): void;
  /** The turn is over: what was recognised (null: nothing, or the recogniser failed). */
  finish(): Promise<Recognition | null>;
}

export interface DeepgramSettings {
  url: string;
  apiKey: string | null;
  model?: string;
  language: string;
  dispatcher: Dispatcher;
}

/** How long a turn waits for the recogniser's last words after the caller stopped. */
const FINISH_TIMEOUT_MS = 3000;

interface DeepgramResult {
  type?: string;
  is_final?: boolean;
  channel?: { alternatives?: { transcript?: string; confidence?: number }[] };
}

/**
 * A turn streamed to Deepgram's live API (documented WebSocket protocol): opened when the engine
 * starts listening, raw 16-bit 8 kHz frames sent as they arrive, `{"type": "CloseStream"}` when the
 * turn ends; the final `Results` messages' transcripts are joined, their confidences averaged.
 * Phrases the script expects are sent as `keywords` (boosted). Any failure answers null: the turn
 * keeps `text: null`, never invented words.
 */
export function deepgramTurn(settings: DeepgramSettings, phrases: string[]): StreamingRecognition {
  const query = new URLSearchParams({
    encoding: 'linear16',
    sample_rate: '8000',
    channels: '1',
    punctuate: 'true',
    language: settings.language,
    ...(settings.model ? { model: settings.model } : {}),
  });
  for (const word of new Set(phrases.flatMap((p) => p.toLowerCase().match(/[a-z']+/g) ?? []))) {
    query.append('keywords', `${word}:2`);
  }
  const socket = new WebSocket(`${settings.url}?${query}`, {
    dispatcher: settings.dispatcher,
    headers: settings.apiKey ? { authorization: `Token ${settings.apiKey}` } : {},
  });
  socket.binaryType = 'arraybuffer';
  const finals: { text: string; confidence: number }[] = [];
  const queued: Buffer[] = [];
  let failed = false;
  const closed = new Promise<void>((resolve) => {
    socket.addEventListener('close', () => resolve());
    socket.addEventListener('error', () => {
      failed = true;
      resolve();
    });
  });
  socket.addEventListener('open', () => {
    for (const chunk of queued.splice(0)) socket.send(chunk);
  });
  socket.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    let result: DeepgramResult;
    try {
      result = JSON.parse(event.data) as DeepgramResult;
    } catch {
      return;
    }
    const best = result.channel?.alternatives?.[0];
    if (result.type === 'Results' && result.is_final && best?.transcript) {
      finals.push({ text: best.transcript, confidence: best.confidence ?? 0 });
    }
  });
  return {
    push(frame) {
      const chunk = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
      if (socket.readyState === WebSocket.OPEN) socket.send(chunk);
      else if (socket.readyState === WebSocket.CONNECTING) queued.push(Buffer.from(chunk));
    },
    async finish() {
      if (socket.readyState === WebSocket.CONNECTING) {
        const opened = new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
        await Promise.race([opened, closed]);
      }
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'CloseStream' }));
      const timer = setTimeout(() => socket.close(), FINISH_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      if (failed && finals.length === 0) return null;
      const text = finals
        .map((f) => f.text)
        .join(' ')
        .trim();
      if (!text) return null;
      const confidence = finals.reduce((a, f) => a + f.confidence, 0) / finals.length;
      return { text, confidence: Math.round(confidence * 100) / 100 };
    },
  };
}
