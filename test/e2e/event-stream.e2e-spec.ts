import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';

interface SseMessage {
  id: string;
  event: string;
  data: { eventId: string; type: string; callId: string };
}

/** Reads an SSE response into messages as they arrive. */
function readStream(res: Response) {
  const messages: SseMessage[] = [];
  const reader = res.body!.getReader();
  const done = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done: end } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (end) return;
      buffer += Buffer.from(value!).toString('utf8');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => !l.startsWith(':') && l.includes(': '))
            .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]),
        );
        if (fields.data) messages.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
      }
    }
  })();
  return { messages, done, cancel: () => reader.cancel().catch(() => undefined) };
}

async function until<T>(what: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Issue 12: GET /api/core/event/stream, resumable with Last-Event-ID. */
describe('the live event stream (SSE)', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  let base: string;

  const open = (query = '', headers: Record<string, string> = {}) =>
    fetch(`${base}/api/core/event/stream${query}`, {
      headers: { authorization: `Bearer ${ws.keys.viewer}`, ...headers },
    });
  const startCalls = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await as(app, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' });
      ids.push(res.body.callId);
    }
    return ids;
  };

  beforeAll(async () => {
    app = await startGateway();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    ws = await createWorkspace(app, 'sse');
    agentId = (await createAssistant(app, ws.keys.admin)).agentId;
  });
  afterAll(() => app.close());

  it('streams new events, and a reconnect with Last-Event-ID gets every missed one exactly once', async () => {
    const first = await open();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const a = readStream(first);
    const before = await startCalls(3);
    await until(() => a.messages.length >= 3);
    expect(a.messages.map((m) => m.data.callId)).toEqual(before);
    expect(a.messages.every((m) => m.event === 'call.started' && m.id === m.data.eventId)).toBe(true);
    await a.cancel();

    const missed = await startCalls(4);
    const b = readStream(await open('', { 'Last-Event-ID': a.messages.at(-1)!.id }));
    await until(() => b.messages.length >= 4);
    const later = await startCalls(1);
    await until(() => b.messages.length >= 5);
    // A duplicate would come before this marker, which arrives in order after everything else.
    const marker = await startCalls(1);
    await until(() => b.messages.some((m) => m.data.callId === marker[0]));
    expect(b.messages.map((m) => m.data.callId)).toEqual([...missed, ...later, ...marker]);
    await b.cancel();

    // the same objects as the catch-up feed, and nothing more
    const feed = await as(app, ws.keys.viewer).get('/api/core/event/list?limit=500');
    expect([...a.messages, ...b.messages].map((m) => m.data)).toEqual(feed.body.list);
  });

  it('filters by call and type, and refuses a malformed Last-Event-ID (400)', async () => {
    const [callId] = await startCalls(1);
    const s = readStream(await open(`?callId=${callId}&after=evt_00000000000000000000000000`));
    await until(() => s.messages.length >= 1);
    expect(s.messages.map((m) => m.data.callId)).toEqual([callId]);
    await s.cancel();
    const bad = await open('', { 'Last-Event-ID': 'nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 400, message: expect.stringMatching(/Last-Event-ID/) });
    expect((await open('?type=call.nothing')).status).toBe(400);
  });

  it('needs a key like every route (401) and ends open streams when the gateway stops', async () => {
    expect((await fetch(`${base}/api/core/event/stream`)).status).toBe(401);
    const s = readStream(await open());
    await app.close();
    await s.done; // the server ended the response: the reader finished by itself
    app = await startGateway(); // for afterAll
  });
});
