import type { IncomingMessage } from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * A stand-in for Deepgram's live recognition API (its documented WebSocket protocol): it takes the
 * raw 16-bit audio a turn streams, and on `{"type": "CloseStream"}` answers a final `Results`
 * message — `transcript`, the words the test says the caller said, only if speech actually arrived
 * (the audio's level) — then `Metadata`, and closes. It records each connection's request.
 */
export async function startDeepgramServer() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1/listen' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const turns: { url: string; authorization?: string; audioBytes: number; level: number }[] = [];
  const state = { transcript: '' };
  wss.on('connection', (socket, req: IncomingMessage) => {
    const turn = { url: req.url ?? '', authorization: req.headers.authorization, audioBytes: 0, level: 0 };
    turns.push(turn);
    let sum = 0;
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        const buf = data as Buffer;
        for (let i = 0; i + 1 < buf.length; i += 2) sum += buf.readInt16LE(i) ** 2;
        turn.audioBytes += buf.length;
        return;
      }
      if (JSON.parse(String(data)).type !== 'CloseStream') return;
      turn.level = Math.sqrt(sum / Math.max(1, turn.audioBytes / 2));
      const heard = turn.level > 100 ? state.transcript : '';
      const result = {
        type: 'Results',
        is_final: true,
        speech_final: true,
        channel: { alternatives: [{ transcript: heard, confidence: 0.93, words: [] }] },
      };
      socket.send(JSON.stringify(result));
      socket.send(JSON.stringify({ type: 'Metadata', request_id: 'test' }));
      socket.close(1000);
    });
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/v1/listen`,
    turns,
    says: (transcript: string) => (state.transcript = transcript),
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}
