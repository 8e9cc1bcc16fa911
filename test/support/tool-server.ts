import { createServer, type IncomingMessage, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A tool server built with the SDK, recording what it is asked. */
export async function startToolServer() {
  const calls: { tool: string; args: unknown; callId: string | undefined }[] = [];
  const http: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const callId = req.headers['x-call-id'] as string | undefined;
    const server = new McpServer({ name: 'crm', version: '1.0.0' });
    server.registerTool(
      'lookup_order',
      { inputSchema: { orderId: z.string() }, outputSchema: { orderId: z.string(), status: z.string() } },
      async ({ orderId }) => {
        calls.push({ tool: 'lookup_order', args: { orderId }, callId });
        return {
          content: [{ type: 'text', text: `order ${orderId} shipped` }],
          structuredContent: { orderId, status: 'shipped' },
        };
      },
    );
    server.registerTool('book_slot', { inputSchema: { day: z.string() } }, async ({ day }) => {
      calls.push({ tool: 'book_slot', args: { day }, callId });
      return { content: [{ type: 'text', text: `booked ${day}` }] };
    });
    server.registerTool('refuse', {}, async () => {
      calls.push({ tool: 'refuse', args: {}, callId });
      return { isError: true, content: [{ type: 'text', text: 'not today' }] };
    });
    server.registerTool('hang', {}, () => new Promise(() => calls.push({ tool: 'hang', args: {}, callId })));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}/mcp`;
  return {
    url,
    calls,
    close: () =>
      new Promise<void>((r) => {
        http.closeAllConnections();
        http.close(() => r());
      }),
  };
}
