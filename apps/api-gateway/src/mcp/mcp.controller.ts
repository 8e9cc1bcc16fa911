import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AssistantsService } from '../assistants/assistants.service';
import { Auth, RequestId, type RequestAuth } from '../auth/auth.decorators';
import { CallsService } from '../calls/calls.service';
import { TranscriptsService } from '../calls/transcripts.service';
import { ApiError } from '@app/platform';
import { takeOverResponse } from '@app/platform/http';
import { buildMcpServer } from './mcp-tools';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * What the transport would refuse in JSON-RPC form is refused here first with the service's error
 * body, so /mcp keeps the {code, message} contract for HTTP-level mistakes.
 */
function checkMcpRequest(req: FastifyRequest): void {
  const accept = String(req.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    throw new ApiError(406, 'MCP clients must send Accept: application/json, text/event-stream');
  }
  const messages = Array.isArray(req.body) ? req.body : [req.body];
  const valid =
    messages.length > 0 &&
    messages.every(
      (m) => isObject(m) && m.jsonrpc === '2.0' && (typeof m.method === 'string' || 'result' in m || 'error' in m),
    );
  if (!valid)
    throw ApiError.badRequest(
      'The body must be a JSON-RPC 2.0 message (or a batch of them) of the Model Context Protocol',
    );
}

/**
 * The service as an MCP server over Streamable HTTP at /mcp, stateless: every POST is handled by
 * a server bound to the request's API key (the same Bearer keys, roles and tenant isolation as
 * REST; a missing or wrong key is refused with 401 before MCP is reached).
 */
@ApiTags('mcp')
@ApiBearerAuth('apiKey')
@Controller('mcp')
export class McpController {
  constructor(
    private readonly calls: CallsService,
    private readonly assistants: AssistantsService,
    private readonly transcripts: TranscriptsService,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'MCP over Streamable HTTP (JSON-RPC)',
    description:
      'Tools: list_assistants, get_assistant, start_call, get_call, list_calls, end_call, get_transcript. See ' +
      'README "MCP".',
  })
  @ApiBody({ schema: { type: 'object', description: 'A JSON-RPC 2.0 message of the Model Context Protocol' } })
  @ApiOkResponse({ description: 'The JSON-RPC answer', schema: { type: 'object', additionalProperties: true } })
  @ApiErrors(400, 406)
  async handle(
    @Auth() auth: RequestAuth,
    @RequestId() requestId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    checkMcpRequest(req);
    const server = buildMcpServer({
      auth,
      requestId,
      calls: this.calls,
      assistants: this.assistants,
      transcripts: this.transcripts,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const res = takeOverResponse(reply);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, res, req.body);
  }
}
