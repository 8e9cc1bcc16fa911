import type { INestApplication } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEngine, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { startToolServer } from '../support/tool-server';

describe('MCP in both directions', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let base: string;
  let ws: TestWorkspace;
  let tools: Awaited<ReturnType<typeof startToolServer>>;

  beforeAll(async () => {
    cleanup = await isolateSuite('mcp');
    useFastSimulator();
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    gateway = await startGateway();
    await gateway.listen(0, '127.0.0.1');
    base = await gateway.getUrl();
    engine = await startEngine();
    ws = await createWorkspace(gateway, 'mcp');
    tools = await startToolServer();
  });
  afterAll(async () => {
    await tools.close();
    await engine.close();
    await gateway.close();
    await cleanup();
  });

  async function connect(key?: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${base.replace('[::1]', '127.0.0.1')}/mcp`), {
      requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : {},
    });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  describe('the service as an MCP server at /mcp', () => {
    it(
      'lists its tools with schemas and truthful annotations, starts a call, follows it to the end and reads ' +
        'the transcript',
      async () => {
        const agentId = (
          await createAssistant(gateway, ws.keys.admin, {
            script: [{ hear: 'Hello?' }, { say: 'Just checking in.' }, { hangup: 'assistant' }],
          })
        ).agentId;
        const client = await connect(ws.keys.member);
        const { tools: listed } = await client.listTools();
        const byName = Object.fromEntries(listed.map((t) => [t.name, t]));
        expect(Object.keys(byName).sort()).toEqual([
          'end_call',
          'get_assistant',
          'get_call',
          'get_transcript',
          'list_assistants',
          'list_calls',
          'start_call',
        ]);
        for (const t of listed) {
          expect(t.description).toEqual(expect.any(String));
          expect(t.inputSchema.type).toBe('object');
          expect(t.outputSchema?.type).toBe('object');
        }
        expect(byName.start_call.inputSchema.required).toEqual(expect.arrayContaining(['agentId', 'to']));
        expect(byName.start_call.annotations).toMatchObject({
          readOnlyHint: false,
          destructiveHint: false,
          openWorldHint: true,
        });
        expect(byName.end_call.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
        for (const name of ['get_call', 'list_calls', 'get_transcript', 'list_assistants', 'get_assistant']) {
          expect(byName[name].annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        }

        const assistants = await client.callTool({ name: 'list_assistants', arguments: {} });
        expect((assistants.structuredContent as { total: number }).total).toBeGreaterThanOrEqual(1);
        const started = await client.callTool({
          name: 'start_call',
          arguments: { agentId, to: '+14155552671', metadata: { via: 'mcp' } },
        });
        expect(started.isError).toBeFalsy();
        const { callId, status } = started.structuredContent as { callId: string; status: string };
        expect(status).toBe('ringing');
        const final = await waitFor('the call to finish', async () => {
          const res = await client.callTool({ name: 'get_call', arguments: { callId } });
          const call = res.structuredContent as { status: string; transcriptReady: boolean };
          return call.status === 'completed' && call.transcriptReady ? call : undefined;
        });
        expect(final).toMatchObject({ callId, endedReason: 'assistant-ended-call', metadata: { via: 'mcp' } });
        const transcript = await client.callTool({ name: 'get_transcript', arguments: { callId } });
        expect(transcript.structuredContent).toMatchObject({
          callId,
          text: expect.stringContaining('assistant: Just checking in.'),
        });
        const listed2 = await client.callTool({ name: 'list_calls', arguments: { status: 'completed', agentId } });
        expect((listed2.structuredContent as { list: { callId: string }[] }).list.map((c) => c.callId)).toContain(
          callId,
        );
        // the same call through REST: one implementation behind both
        expect((await as(gateway, ws.keys.viewer).get(`/api/core/voice/call/${callId}`)).body.status).toBe('completed');
        await client.close();
      },
    );

    it('validation errors name the bad argument', async () => {
      const client = await connect(ws.keys.member);
      const agentId = (await createAssistant(gateway, ws.keys.admin)).agentId;
      const bad = await client.callTool({ name: 'start_call', arguments: { agentId, to: '12345' } });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toMatch(/422: to must be a valid phone number/);
      const badPage = await client.callTool({ name: 'list_calls', arguments: { pageSize: 500 } });
      expect(badPage.isError).toBe(true);
      expect(JSON.stringify(badPage.content)).toMatch(/pageSize/);
      await client.close();
    });

    it('start_call follows the same Idempotency-Key rule as REST: a repeat answers the first call', async () => {
      const client = await connect(ws.keys.member);
      const agentId = (await createAssistant(gateway, ws.keys.admin)).agentId;
      const args = { agentId, to: '+14155552671', idempotencyKey: 'mcp-order-17' };
      const first = await client.callTool({ name: 'start_call', arguments: args });
      const again = await client.callTool({ name: 'start_call', arguments: args });
      expect(again.structuredContent).toEqual(first.structuredContent);
      const badKey = await client.callTool({ name: 'start_call', arguments: { ...args, idempotencyKey: 'has space' } });
      expect(badKey.isError).toBe(true);
      expect(JSON.stringify(badKey.content)).toMatch(/400: Idempotency-Key must be 1-255 printable ASCII/);
      const rest = await as(gateway, ws.keys.member)
        .post('/api/core/voice/agent/call', { agentId, to: '+14155552671' })
        .set('Idempotency-Key', 'has space');
      expect(rest.status).toBe(400);
      await client.close();
    });

    it(
      "a viewer key cannot start a call, another workspace's call is not found, a missing key is refused at " +
        'the transport',
      async () => {
        const agentId = (await createAssistant(gateway, ws.keys.admin)).agentId;
        const viewer = await connect(ws.keys.viewer);
        const refused = await viewer.callTool({ name: 'start_call', arguments: { agentId, to: '+14155552671' } });
        expect(refused.isError).toBe(true);
        expect(JSON.stringify(refused.content)).toMatch(/403: This action needs the member role/);
        await viewer.close();

        const { body } = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
          agentId,
          to: '+14155552671',
        });
        const other = await createWorkspace(gateway, 'mcp-other');
        const stranger = await connect(other.keys.owner);
        const notFound = await stranger.callTool({ name: 'get_call', arguments: { callId: body.callId } });
        expect(notFound.isError).toBe(true);
        expect(JSON.stringify(notFound.content)).toMatch(/404: Call/);
        await stranger.close();

        await expect(connect()).rejects.toThrow(/401/);
        await expect(connect('vk_notAKeyAtAllButLongEnoughToLookLikeOne')).rejects.toThrow(/401/);
      },
    );
  });

  describe('assistants calling MCP tools mid-call', () => {
    it(
      'the scripted tool calls reach the tool server with their arguments and X-Call-Id; the transcript shows ' +
        'the results in order',
      async () => {
        const agentId = (
          await createAssistant(gateway, ws.keys.admin, {
            tools: [
              {
                type: 'mcp',
                name: 'crm',
                url: tools.url,
                allowedTools: ['lookup_order', 'book_slot', 'refuse'],
                timeoutMs: 2000,
              },
            ],
            script: [
              { hear: 'Where is my order?' },
              { tool: 'lookup_order', arguments: { orderId: 'A-17' } },
              { say: 'It has shipped.' },
              { tool: 'crm.book_slot', arguments: { day: 'monday' } },
              { tool: 'refuse' },
              { hangup: 'assistant' },
            ],
          })
        ).agentId;
        const { body } = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
          agentId,
          to: '+14155552671',
        });
        const transcript = await waitFor('the transcript', async () => {
          const res = await as(gateway, ws.keys.viewer).get(`/api/core/voice/call/${body.callId}/transcript`);
          return res.status === 200 ? res.body : undefined;
        });
        expect(tools.calls.filter((c) => c.callId === body.callId)).toEqual([
          { tool: 'lookup_order', args: { orderId: 'A-17' }, callId: body.callId },
          { tool: 'book_slot', args: { day: 'monday' }, callId: body.callId },
          { tool: 'refuse', args: {}, callId: body.callId },
        ]);
        const toolTurns = transcript.turns.filter((t: { role: string }) => t.role === 'tool');
        expect(toolTurns.map((t: { tool: object }) => t.tool)).toEqual([
          expect.objectContaining({
            name: 'lookup_order',
            server: 'crm',
            arguments: { orderId: 'A-17' },
            result: { orderId: 'A-17', status: 'shipped' },
            latencyMs: expect.any(Number),
          }),
          expect.objectContaining({ name: 'crm.book_slot', server: 'crm', result: 'booked monday' }),
          expect.objectContaining({ name: 'refuse', server: 'crm', error: 'not today' }),
        ]);
        const order = transcript.turns.map((t: { role: string }) => t.role);
        expect(order).toEqual(['assistant', 'customer', 'tool', 'assistant', 'tool', 'tool']);
        const call = (await as(gateway, ws.keys.viewer).get(`/api/core/voice/call/${body.callId}`)).body;
        expect(call.status).toBe('completed');
      },
    );

    it(
      'a tool server that hangs past timeoutMs and one that is unreachable each give a recorded error and a ' +
        'completed call',
      async () => {
        const agentId = (
          await createAssistant(gateway, ws.keys.admin, {
            tools: [
              { type: 'mcp', name: 'slow', url: tools.url, allowedTools: ['hang'], timeoutMs: 300 },
              // port 2: nothing listens there; a port just closed could be given to a suite beside this one
              { type: 'mcp', name: 'gone', url: 'http://127.0.0.1:2/mcp', timeoutMs: 1000 },
            ],
            script: [
              { tool: 'slow.hang' },
              { tool: 'gone.anything', arguments: { x: 1 } },
              { say: 'Moving on.' },
              { hangup: 'customer' },
            ],
          })
        ).agentId;
        const { body } = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
          agentId,
          to: '+14155552671',
        });
        const transcript = await waitFor(
          'the transcript',
          async () => {
            const res = await as(gateway, ws.keys.viewer).get(`/api/core/voice/call/${body.callId}/transcript`);
            return res.status === 200 ? res.body : undefined;
          },
          20000,
        );
        const [hang, gone] = transcript.turns
          .filter((t: { role: string }) => t.role === 'tool')
          .map((t: { tool: { error?: string; latencyMs: number } }) => t.tool);
        expect(hang.error).toMatch(/timed out/i);
        expect(hang.latencyMs).toBeLessThan(2000);
        expect(gone.error).toMatch(/gone:/);
        const call = (await as(gateway, ws.keys.viewer).get(`/api/core/voice/call/${body.callId}`)).body;
        expect(call).toMatchObject({ status: 'completed', endedReason: 'customer-ended-call' });
      },
    );
  });
});
