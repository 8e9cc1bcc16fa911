import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import {
  as,
  createWorkspace,
  expectError,
  forceCallStatus,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';

const BASE = '/api/core/voice/agent';

describe('assistants (spec 4.4, 4.5, plus create/update/delete)', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'agents');
    admin = as(app, ws.keys.admin);
  });
  afterAll(() => app.close());

  const full = {
    name: 'Appointment reminder',
    language: 'fr',
    voice: 'alloy',
    firstMessage: 'Bonjour!',
    systemPrompt: 'Be brief.',
    script: [
      { say: 'Hello' },
      { hear: 'Hi' },
      { tool: 'lookup', arguments: { id: 1 } },
      { dtmf: '1#' },
      { transfer: '+14155550199' },
      { hangup: 'assistant' },
    ],
    tools: [
      {
        type: 'mcp',
        name: 'crm',
        url: 'https://tools.example.com/mcp',
        headers: { Authorization: 'Bearer s3cret' },
        allowedTools: ['lookup'],
        timeoutMs: 3000,
      },
    ],
    maxDurationSec: 300,
    voicemail: { detect: true, action: 'leave-message', message: 'Please call us back.' },
    listening: { endOfTurnSilenceMs: 800, noSpeechTimeoutMs: 10000, bargeIn: false, bargeInSpeechMs: 150 },
    brain: {
      type: 'openai',
      baseUrl: 'https://models.example.com/v1',
      model: 'voice-1',
      apiKey: 'sk-s3cret',
      temperature: 0.2,
      maxTokens: 200,
      timeoutMs: 4000,
      fallbackLine: 'Sorry, please call back.',
    },
    analysis: {
      summary: true,
      structuredDataSchema: { type: 'object', properties: { day: { type: 'string' } } },
      successCriteria: 'A day is booked.',
    },
    transcriber: { provider: 'deepgram', apiKey: 'dg-s3cret', model: 'nova-2' },
  };

  it('creates with every field and reads it back; header values of tools are masked', async () => {
    const res = await admin.post(BASE, full);
    expect(res.status).toBe(201);
    const expected = {
      ...full,
      agentId: expect.stringMatching(/^agent_/),
      tools: [{ ...full.tools[0], headers: { Authorization: '********' } }],
      brain: { ...full.brain, apiKey: '********' },
      transcriber: { ...full.transcriber, apiKey: '********' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    expect(res.body).toEqual(expected);
    const read = await as(app, ws.keys.viewer).get(`${BASE}/${res.body.agentId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expected);
    expect(JSON.stringify(read.body)).not.toContain('s3cret');
  });

  it('applies defaults: language en, empty script and tools, maxDurationSec 600, no voicemail detection', async () => {
    const res = await admin.post(BASE, { name: 'Minimal' });
    expect(res.body).toMatchObject({
      language: 'en',
      voice: null,
      firstMessage: null,
      systemPrompt: null,
      script: [],
      tools: [],
      maxDurationSec: 600,
      voicemail: null,
      listening: null,
      brain: null,
      analysis: null,
      transcriber: null,
    });
  });

  it("a brain's key or secret is stored sealed, shown masked, and kept by a PATCH that leaves it out", async () => {
    const { body } = await admin.post(BASE, { name: 'Server brain', brain: { ...full.brain } });
    const stored = async () =>
      (await app.get(PrismaService).assistant.findUniqueOrThrow({ where: { id: body.agentId } })).brain as object;
    expect(JSON.stringify(await stored())).not.toContain('sk-s3cret');
    const sealed = (await stored()) as { sealedSecret: string };
    expect(sealed.sealedSecret).toEqual(expect.any(String));
    const patched = await admin.patch(`${BASE}/${body.agentId}`, {
      brain: { ...full.brain, apiKey: undefined, model: 'voice-2' },
    });
    expect(patched.body.brain).toMatchObject({ model: 'voice-2', apiKey: '********' });
    expect(((await stored()) as { sealedSecret: string }).sealedSecret).toBe(sealed.sealedSecret);
    // another kind of brain does not inherit it
    const server = await admin.patch(`${BASE}/${body.agentId}`, {
      brain: { type: 'server', url: 'https://hooks.example.com/brain' },
    });
    expect(server.body.brain).toEqual({ type: 'server', url: 'https://hooks.example.com/brain' });
    expect((await admin.patch(`${BASE}/${body.agentId}`, { brain: null })).body.brain).toBeNull();
  });

  it('lists with the list envelope, newest first, paged', async () => {
    const mine = await createWorkspace(app, 'agents-list');
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await as(app, mine.keys.admin).post(BASE, { name })).body.agentId);
    const page1 = await as(app, mine.keys.viewer).get(`${BASE}/list?pageSize=2`);
    const page2 = await as(app, mine.keys.viewer).get(`${BASE}/list?pageSize=2&page=2`);
    expect(page1.body.total).toBe(3);
    expect([...page1.body.list, ...page2.body.list].map((a: { agentId: string }) => a.agentId)).toEqual(ids.reverse());
    expectError(await as(app, mine.keys.viewer).get(`${BASE}/list?pageSize=500`), 400, /pageSize/);
  });

  it('"list" is never taken for an id', async () => {
    const res = await as(app, ws.keys.viewer).get(`${BASE}/list`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('total');
  });

  it('updates a subset of fields; null clears the optional texts', async () => {
    const { body } = await admin.post(BASE, full);
    const res = await admin.patch(`${BASE}/${body.agentId}`, {
      name: 'Renamed',
      voice: null,
      script: [{ say: 'Only this' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      voice: null,
      script: [{ say: 'Only this' }],
      language: 'fr',
      maxDurationSec: 300,
    });
  });

  it.each([
    [{}, 400, /name is required/],
    [{ name: '' }, 422, /name/],
    [{ name: 'x', language: 'english' }, 422, /two-letter code/],
    [{ name: 'x', maxDurationSec: 0 }, 422, /maxDurationSec/],
    [{ name: 'x', maxDurationSec: 1.5 }, 422, /maxDurationSec must be an integer/],
    [{ name: 'x', script: 'say hi' }, 422, /script must be an array/],
    [{ name: 'x', script: [{ say: 'ok' }, { say: 'a', hear: 'b' }] }, 422, /script\[1\] must have exactly one of/],
    [{ name: 'x', script: [{ hangup: 'nobody' }] }, 422, /script\[0\]\.hangup/],
    [{ name: 'x', script: [{ say: '' }] }, 422, /script\[0\]\.say/],
    [{ name: 'x', script: [{ tool: 'lookup', arguments: [1] }] }, 422, /script\[0\]\.arguments/],
    [{ name: 'x', script: [{ dance: true }] }, 422, /script\[0\]/],
    [{ name: 'x', script: [{ dtmf: '12x' }] }, 422, /script\[0\]\.dtmf/],
    [{ name: 'x', script: [{ hear: 'menu', onKey: { '1': 'nowhere' } }] }, 422, /onKey\.1 names no \{label\}/],
    [{ name: 'x', script: [{ hear: 'menu', onKey: { '12': 'a' } }, { label: 'a' }] }, 422, /not one key/],
    [{ name: 'x', script: [{ hear: 'ok?', expect: [{ phrases: ['yes'], goto: 'b' }] }] }, 422, /expect\[0\]\.goto/],
    [{ name: 'x', script: [{ hear: 'ok?', expect: [{ phrases: [], goto: 'a' }] }, { label: 'a' }] }, 422, /phrases/],
    [{ name: 'x', script: [{ hear: 'ok?', noSpeech: 'gone' }] }, 422, /noSpeech names no \{label\}/],
    [{ name: 'x', script: [{ transfer: '555-0100' }] }, 422, /script\[0\]\.transfer must be a number in E\.164/],
    [{ name: 'x', listening: { endOfTurnSilenceMs: 50 } }, 422, /listening\.endOfTurnSilenceMs must be an integer/],
    [{ name: 'x', listening: { noSpeechTimeoutMs: 1.5 } }, 422, /listening\.noSpeechTimeoutMs/],
    [{ name: 'x', listening: { patience: 3 } }, 422, /listening has unknown field patience/],
    [{ name: 'x', tools: [{ type: 'http', name: 'a', url: 'https://x.example.com' }] }, 422, /tools\[0\]\.type/],
    [{ name: 'x', tools: [{ type: 'mcp', name: 'a', url: 'nope' }] }, 422, /tools\[0\]\.url/],
    [
      { name: 'x', tools: [{ type: 'mcp', name: 'a', url: 'https://x.example.com', timeoutMs: 5 }] },
      422,
      /tools\[0\]\.timeoutMs/,
    ],
    [
      { name: 'x', tools: [{ type: 'mcp', name: 'a', url: 'https://127.0.0.1/mcp' }] },
      422,
      /tools\[0\]\.url points to a private/,
    ],
  ])('create validates %j', async (body, status, message) => {
    expectError(await admin.post(BASE, body), status, message);
  });

  it('PATCH validates too, and null is not a way to blank a required field', async () => {
    const { body } = await admin.post(BASE, { name: 'keep' });
    expectError(await admin.patch(`${BASE}/${body.agentId}`, { name: null }), 422, /name/);
    expectError(await admin.patch(`${BASE}/${body.agentId}`, { script: [{}] }), 422, /script\[0\]/);
    expect((await admin.get(`${BASE}/${body.agentId}`)).body.name).toBe('keep');
  });

  it('DELETE answers 204, then 404; 409 while a call on it is live', async () => {
    const { body } = await admin.post(BASE, { name: 'busy' });
    const call = await as(app, ws.keys.member).post('/api/core/voice/agent/call', {
      agentId: body.agentId,
      to: '+14155552671',
    });
    expectError(await admin.delete(`${BASE}/${body.agentId}`), 409, /live calls/);
    await forceCallStatus(app, call.body.callId, 'completed');
    expect((await admin.delete(`${BASE}/${body.agentId}`)).status).toBe(204);
    expectError(await admin.get(`${BASE}/${body.agentId}`), 404);
    expectError(await admin.delete(`${BASE}/${body.agentId}`), 404);
    // the finished call still names the assistant that handled it
    expect((await admin.get(`/api/core/voice/call/${call.body.callId}`)).body.agentId).toBe(body.agentId);
    expectError(
      await as(app, ws.keys.member).post('/api/core/voice/agent/call', { agentId: body.agentId, to: '+14155552671' }),
      404,
    );
  });

  it('404 for unknown ids', async () => {
    expectError(await admin.get(`${BASE}/agent_unknown`), 404, /agent_unknown/);
    expectError(await admin.patch(`${BASE}/agent_unknown`, { name: 'x' }), 404);
  });
});
