import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { AssistantsService } from '../assistants/assistants.service';
import { Auth, RequestId, type RequestAuth } from '../auth/auth.decorators';
import { CallsService } from '../calls/calls.service';
import { TranscriptsService } from '../call-media/transcripts.service';
import { buildMcpServer } from './mcp-tools';

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
  @ApiOperation({ summary: 'MCP over Streamable HTTP (JSON-RPC)', description: 'Tools: list_assistants, get_assistant, start_call, get_call, list_calls, end_call, get_transcript. See README "MCP".' })
  @ApiBody({ schema: { type: 'object', description: 'A JSON-RPC 2.0 message of the Model Context Protocol' } })
  @ApiOkResponse({ description: 'The JSON-RPC answer', schema: { type: 'object', additionalProperties: true } })
  @ApiErrors(400)
  async handle(@Auth() auth: RequestAuth, @RequestId() requestId: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    const server = buildMcpServer({ auth, requestId, calls: this.calls, assistants: this.assistants, transcripts: this.transcripts });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }
}
