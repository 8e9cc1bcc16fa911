import type { INestApplication } from '@nestjs/common';
import Ajv from 'ajv';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { startCustomerServer, startModelServer } from '../support/brain-servers';
import { Receiver } from '../support/receiver';
import { startToolServer } from '../support/tool-server';

const SECRET = 'brain-signing-secret';
const FINAL = ['completed', 'failed', 'no-answer'];

/**
 * Brains in simulated calls (README "Brains", "Testing an assistant"): the script with branches taken
 * from the simulated caller's lines, your own server and an OpenAI-compatible model (both stood up
 * here, speaking their documented protocols) with an MCP tool mid-call, endCall and transfer, and the
 * fallback line when a brain fails or is too slow.
 */
describe('brains in simulated calls', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let hooks: Receiver;
  let ws: TestWorkspace;
  let tools: Awaited<ReturnType<typeof startToolServer>>;
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let customer: Awaited<ReturnType<typeof startCustomerServer>>;

  beforeAll(async () => {
    cleanup = await isolateSuite('brains');
    useFastSimulator();
    useFastDelivery();
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    gateway = await startGateway();
    engine = await startEngine();
    dispatcher = await startDispatcher();
    hooks = await Receiver.http();
    ws = await createWorkspace(gateway, 'brains');
    const webhook = { url: hooks.url, events: ['analysis.ready'] };
    expect((await as(gateway, ws.keys.admin).post('/api/core/webhook', webhook)).status).toBe(201);
    [tools, model, customer] = await Promise.all([startToolServer(), startModelServer(), startCustomerServer(SECRET)]);
  });
  afterAll(async () => {
    await Promise.all([tools.close(), model.close(), customer.close()]);
    await engine.close();
    await dispatcher.close();
    await gateway.close();
    await hooks.close();
    await cleanup();
  });
  afterEach(() => {
    model.mode = 'ok';
    customer.mode = 'ok';
    model.dialogue.second = { say: 'Thank you for calling. Goodbye!' };
    customer.dialogue.second = { say: 'Thank you for calling. Goodbye!' };
  });

  const admin = () => as(gateway, ws.keys.admin);
  const crm = () => ({ type: 'mcp', name: 'crm', url: tools.url, timeoutMs: 3000 });

  async function simulatedCall(agentId: string, lines?: string[]) {
    const { body, status } = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
      agentId,
      to: '+14155552671',
      ...(lines ? { simulatedCaller: { lines } } : {}),
    });
    expect(status).toBe(201);
    const call = await waitFor('the call to end', async () => {
      const res = await admin().get(`/api/core/voice/call/${body.callId}`);
      return FINAL.includes(res.body.status) && res.body.transcriptReady ? res.body : undefined;
    });
    const transcript = (await admin().get(`/api/core/voice/call/${body.callId}/transcript`)).body;
    const said = transcript.turns.map((t: { role: string; text: string }) => `${t.role}: ${t.text}`);
    return { call, transcript, said };
  }

  it("a script's hear step takes the branch the simulated caller's line names, waiting out no timeout", async () => {
    const { agentId } = await createAssistant(gateway, ws.keys.admin, {
      firstMessage: 'Can you come on Tuesday?',
      script: [
        {
          hear: 'Yes.',
          expect: [
            { phrases: ['yes', 'sure'], goto: 'booked' },
            { phrases: ['no'], goto: 'declined' },
          ],
          otherwise: 'declined',
        },
        { label: 'booked' },
        { say: 'Wonderful, you are booked for Tuesday.' },
        { hangup: 'assistant' },
        { label: 'declined' },
        { say: 'No problem, goodbye.' },
        { hangup: 'assistant' },
      ],
    });
    const yes = await simulatedCall(agentId, ['Yes please, that would be great.']);
    expect(yes.said).toEqual([
      'assistant: Can you come on Tuesday?',
      'customer: Yes please, that would be great.',
      'assistant: Wonderful, you are booked for Tuesday.',
    ]);
    expect(yes.call).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
    const no = await simulatedCall(agentId, ['No thanks, not today.']);
    expect(no.said.at(-1)).toBe('assistant: No problem, goodbye.');
    // without lines the caller says each hear step's own text
    expect((await simulatedCall(agentId)).said.at(-1)).toBe('assistant: Wonderful, you are booked for Tuesday.');
    // from the start-call to the end of the call, as the service recorded them (not this test's polling)
    const lasted = (call: { createdAt: string; endedAt: string }) =>
      Date.parse(call.endedAt) - Date.parse(call.createdAt);
    // well under the hear step's 8 s no-speech timeout (about 0.3 s on a quiet machine, 1.2 s seen in a loaded CI)
    expect(Math.max(lasted(yes.call), lasted(no.call))).toBeLessThan(4000);
  });

  it('refuses bad simulated callers (422) and bad brains at assistant creation (422)', async () => {
    const { agentId } = await createAssistant(gateway, ws.keys.admin);
    for (const simulatedCaller of [{ lines: 'hi' }, { lines: [1] }, { says: [] }]) {
      const res = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
        agentId,
        to: '+14155552671',
        simulatedCaller,
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
    }
    for (const brain of [
      { type: 'oracle' },
      { type: 'openai', baseUrl: 'not a url', model: 'm' },
      { type: 'openai', baseUrl: model.url },
      { type: 'server', url: customer.url, apiKey: 'x' },
      { type: 'server', url: customer.url, timeoutMs: 50 },
    ]) {
      const res = await admin().post('/api/core/voice/agent', { name: 'Bad brain', brain });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/brain/);
    }
  });

  it('an OpenAI-compatible model holds the conversation: streamed words, an MCP tool mid-call, endCall', async () => {
    const { agentId, ...created } = (
      await admin().post('/api/core/voice/agent', {
        name: 'Model',
        firstMessage: 'Hi, this is the order desk.',
        systemPrompt: 'You help customers with their orders.',
        brain: { type: 'openai', baseUrl: model.url, model: 'test-model', apiKey: 'sk-test-123', timeoutMs: 3000 },
        tools: [crm()],
      })
    ).body;
    // the key is stored sealed and shown masked
    expect((created as { brain: object }).brain).toMatchObject({ type: 'openai', apiKey: '********' });
    const seen = model.requests.length;
    const { call, said, transcript } = await simulatedCall(agentId, ['Where is my order?', 'Great, thanks.']);
    expect(said).toEqual([
      'assistant: Hi, this is the order desk.',
      'customer: Where is my order?',
      'assistant: Sure, let me look that up.',
      expect.stringMatching(/^tool: crm\.lookup_order → .*shipped/),
      'assistant: Your order has shipped.',
      'customer: Great, thanks.',
      'assistant: Thank you for calling. Goodbye!',
    ]);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
    expect(transcript.turns[3].tool).toMatchObject({ name: 'crm.lookup_order', server: 'crm' });
    const requests = model.requests.slice(seen);
    expect(requests).toHaveLength(3);
    const first = requests[0] as { stream: boolean; model: string; messages: { role: string }[]; tools: object[] };
    expect(first).toMatchObject({ stream: true, model: 'test-model' });
    expect(first.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('orders') });
    const offered = first.tools.map((t) => (t as { function: { name: string } }).function.name);
    expect(offered).toEqual(expect.arrayContaining(['endCall', 'transfer', 'sendDtmf', 'crm__lookup_order']));
    // the tool's result went back to the model as a tool message
    const second = requests[1] as { messages: { role: string; content: string }[] };
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('shipped') });
    expect(model.headers.slice(seen)[0].authorization).toBe('Bearer sk-test-123');
    expect(tools.calls.filter((c) => c.callId === call.callId)).toHaveLength(1);
  });

  it.each(['openai', 'server'] as const)('the %s brain that transfers: the call ends transferred', async (kind) => {
    const server = kind === 'openai' ? model : customer;
    server.dialogue.second = { say: 'Let me put you through.', transferTo: '+14155550199' };
    const brain =
      kind === 'openai'
        ? { type: 'openai', baseUrl: model.url, model: 'test-model' }
        : { type: 'server', url: customer.url, secret: SECRET };
    const { agentId } = await createAssistant(gateway, ws.keys.admin, { brain, tools: [crm()] });
    const { call, said } = await simulatedCall(agentId, ['Where is my order?', 'Can I talk to a person?']);
    expect(said.slice(2)).toEqual([
      'assistant: Sure, let me look that up.',
      expect.stringMatching(/^tool: crm\.lookup_order → .*shipped/),
      'assistant: Your order has shipped.',
      'customer: Can I talk to a person?',
      'assistant: Let me put you through.',
    ]);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'transferred', transferTo: '+14155550199' });
  });

  it('your own server holds the conversation: signed requests, NDJSON actions, a tool, endCall', async () => {
    const { agentId } = await createAssistant(gateway, ws.keys.admin, {
      firstMessage: 'Hello from your server.',
      brain: { type: 'server', url: customer.url, secret: SECRET },
      tools: [crm()],
    });
    const seen = customer.requests.length;
    const { call, said } = await simulatedCall(agentId, ['Where is my order?', 'Thanks, bye.']);
    expect(said).toEqual([
      'assistant: Hello from your server.',
      'customer: Where is my order?',
      'assistant: Sure, let me look that up.',
      expect.stringMatching(/^tool: crm\.lookup_order → .*shipped/),
      'assistant: Your order has shipped.',
      'customer: Thanks, bye.',
      'assistant: Thank you for calling. Goodbye!',
    ]);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
    expect(customer.verified.slice(seen)).toEqual([true, true, true]);
    const first = customer.requests[seen] as { callId: string; agentId: string; tools: string[]; turns: object[] };
    expect(first).toMatchObject({ callId: call.callId, agentId, tools: expect.arrayContaining(['crm.lookup_order']) });
    expect(customer.headers[seen]['x-call-id']).toBe(call.callId);
  });

  it.each(['fail', 'slow'] as const)(
    'a brain that is %s: the fallback line is said and the call fails as brain-failed',
    async (mode) => {
      customer.mode = mode;
      const { agentId } = await createAssistant(gateway, ws.keys.admin, {
        brain: { type: 'server', url: customer.url, timeoutMs: 500, fallbackLine: 'Sorry, please call back later.' },
      });
      const { call, said } = await simulatedCall(agentId, ['Hello?']);
      expect(said.slice(1)).toEqual(['customer: Hello?', 'assistant: Sorry, please call back later.']);
      expect(call).toMatchObject({ status: 'failed', endedReason: 'brain-failed' });
    },
  );

  describe('post-call analysis by the model brain', () => {
    const schema = {
      type: 'object',
      properties: { orderId: { type: 'string' }, resolved: { type: 'boolean' }, items: { type: 'integer' } },
      required: ['orderId', 'resolved', 'items'],
      additionalProperties: false,
    };

    it('a summary, structured data matching the schema, a success judgement; analysis.ready delivered', async () => {
      const { agentId } = await createAssistant(gateway, ws.keys.admin, {
        brain: { type: 'openai', baseUrl: model.url, model: 'test-model' },
        tools: [crm()],
        analysis: { structuredDataSchema: schema, successCriteria: 'The caller learns where their order is.' },
      });
      const { call: ended } = await simulatedCall(agentId, ['Where is my order?', 'Great, thanks.']);
      const call = await waitFor('the analysis', async () => {
        const res = await admin().get(`/api/core/voice/call/${ended.callId}`);
        return res.body.analysis ? res.body : undefined;
      });
      const { analysis } = call;
      expect(analysis).toMatchObject({
        summary: expect.any(String),
        success: true,
        successReason: expect.any(String),
        error: null,
        model: 'test-model',
      });
      expect(new Ajv().validate(schema, analysis.structuredData)).toBe(true);
      // the analysis request carried the transcript and asked for the schema
      const asked = model.requests.find((r) => r.stream !== true && JSON.stringify(r).includes('Where is my order?'));
      expect(JSON.stringify(asked)).toContain('"orderId"');
      const delivered = await waitFor('analysis.ready at the webhook', async () =>
        hooks.forCalls([ended.callId]).find((r) => r.json.event === 'analysis.ready'),
      );
      expect(delivered!.json.data.analysis).toEqual(analysis);
    });

    it('a refused schema, or analysis without a model brain, answers 422 at creation', async () => {
      for (const analysis of [
        { structuredDataSchema: { type: 'object', properties: { x: { type: 'nonsense' } } } },
        { structuredDataSchema: { type: 'string' } },
        { summary: 'yes' },
      ]) {
        const res = await admin().post('/api/core/voice/agent', {
          name: 'Analyst',
          brain: { type: 'openai', baseUrl: model.url, model: 'm' },
          analysis,
        });
        expect(res.status).toBe(422);
        expect(res.body.message).toMatch(/analysis/);
      }
      const scripted = await admin().post('/api/core/voice/agent', { name: 'Scripted', analysis: { summary: true } });
      expect(scripted.status).toBe(422);
      expect(scripted.body.message).toMatch(/model brain/);
    });
  });
});
