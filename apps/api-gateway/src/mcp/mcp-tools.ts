import { HttpException, type ArgumentMetadata } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AssistantList, AssistantRecord } from '@app/assistants';
import {
  CALL_STATUSES,
  CallList,
  CallListQuery,
  CallRecord,
  IDEMPOTENCY_KEY_RULE,
  StartCallDto,
  StartedCall,
  TranscriptRecord,
} from '@app/calls';
import { ApiError, ContractValidationPipe, PageQuery } from '@app/platform';
import { roleAtLeast, type RoleName } from '@app/workspaces';
import type { AssistantsService } from '../assistants/assistants.service';
import type { RequestAuth } from '../auth/auth.decorators';
import type { CallsService } from '../calls/calls.service';
import type { TranscriptsService } from '../calls/transcripts.service';

export interface McpContext {
  auth: RequestAuth;
  requestId?: string;
  calls: CallsService;
  assistants: AssistantsService;
  transcripts: TranscriptsService;
}

const pipe = new ContractValidationPipe();
/** The same validation as REST (a 400/422 message naming the bad argument). */
const validated = <T>(metatype: new () => T, value: unknown, type: ArgumentMetadata['type'] = 'body') =>
  pipe.transform(value ?? {}, { type, metatype, data: '' }) as Promise<T>;

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * The service's capabilities as MCP tools, bound to one authenticated key. Each tool calls the
 * same service as its REST endpoint; errors come back as tool errors carrying the HTTP status.
 */
export function buildMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer({ name: 'voice-calling-service', version: '1.0.0' });
  const { auth } = ctx;

  const run = async (needed: RoleName, work: () => Promise<object>): Promise<CallToolResult> => {
    try {
      if (!roleAtLeast(auth.role, needed))
        throw ApiError.forbidden(`This action needs the ${needed} role or higher; this key acts as ${auth.role}.`);
      const data = (await work()) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    } catch (e) {
      if (!(e instanceof HttpException)) throw e;
      const body = e.getResponse() as { code?: number; message?: string };
      return { isError: true, content: [{ type: 'text', text: `${e.getStatus()}: ${body.message ?? e.message}` }] };
    }
  };

  server.registerTool(
    'list_assistants',
    {
      title: 'List assistants',
      description: "List the workspace's voice assistants (paged, newest first).",
      inputSchema: { page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(100).optional() },
      outputSchema: AssistantList,
      annotations: READ,
    },
    (args) =>
      run('viewer', async () => ctx.assistants.list(auth.workspaceId, await validated(PageQuery, args, 'query'))),
  );

  server.registerTool(
    'get_assistant',
    {
      title: 'Get an assistant',
      description: "Read one assistant's configuration: language, voice, first message, script, tools.",
      inputSchema: { agentId: z.string().min(1).describe('The assistant id (agent_…)') },
      outputSchema: AssistantRecord,
      annotations: READ,
    },
    ({ agentId }) => run('viewer', () => ctx.assistants.get(auth.workspaceId, agentId)),
  );

  server.registerTool(
    'start_call',
    {
      title: 'Start an outbound call',
      description:
        'Place a real outbound phone call handled by an assistant; answers the callId right away (status ringing).',
      inputSchema: {
        agentId: z.string().min(1).describe('The assistant that handles the call'),
        to: z.string().describe('Number to dial in international format, e.g. +14155552671'),
        from: z.string().optional().describe("Caller ID: one of the workspace's numbers; default: its default number"),
        metadata: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('Your own key/value pairs, echoed on the call and its events'),
        idempotencyKey: z
          .string()
          .optional()
          .describe(
            'Repeat with the same key within 24 h to get the first answer instead of a second call ' +
              `(${IDEMPOTENCY_KEY_RULE})`,
          ),
      },
      outputSchema: StartedCall,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ idempotencyKey, ...body }) =>
      run('member', async () => {
        const dto = await validated(StartCallDto, body);
        return (await ctx.calls.start(auth.workspaceId, dto, idempotencyKey, ctx.requestId)).body;
      }),
  );

  server.registerTool(
    'get_call',
    {
      title: 'Get a call',
      description:
        'Read one call: status, durationSec, endedReason, timestamps and whether transcript and recording are ready.',
      inputSchema: { callId: z.string().min(1).describe('The call id (call_…)') },
      outputSchema: CallRecord,
      annotations: READ,
    },
    ({ callId }) => run('viewer', () => ctx.calls.get(auth.workspaceId, callId)),
  );

  server.registerTool(
    'list_calls',
    {
      title: 'List calls',
      description:
        'List calls newest first, filtered by status, assistant, direction, numbers and creation time; ' +
        'page until the items ' +
        'collected reach total.',
      inputSchema: {
        page: z.number().int().min(1).optional(),
        pageSize: z.number().int().min(1).max(100).optional(),
        status: z.enum(CALL_STATUSES).optional(),
        agentId: z.string().optional(),
        direction: z.enum(['outbound', 'inbound']).optional(),
        from: z.string().optional().describe('Exact E.164 caller ID'),
        to: z.string().optional().describe('Exact E.164 number called'),
        createdAfter: z.string().optional().describe('ISO 8601, inclusive'),
        createdBefore: z.string().optional().describe('ISO 8601, exclusive'),
      },
      outputSchema: CallList,
      annotations: READ,
    },
    (args) =>
      run('viewer', async () => ctx.calls.list(auth.workspaceId, await validated(CallListQuery, args, 'query'))),
  );

  server.registerTool(
    'end_call',
    {
      title: 'End a call',
      description:
        'Hang up a live call (it completes with endedReason api-ended-call); a call that already ended is a 409 error.',
      inputSchema: { callId: z.string().min(1) },
      outputSchema: CallRecord,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ callId }) => run('member', () => ctx.calls.end(auth.workspaceId, callId, ctx.requestId)),
  );

  server.registerTool(
    'get_transcript',
    {
      title: 'Get a transcript',
      description: "Read a finished call's transcript turn by turn; a 409 error until transcriptReady is true.",
      inputSchema: { callId: z.string().min(1) },
      outputSchema: TranscriptRecord,
      annotations: READ,
    },
    ({ callId }) => run('viewer', () => ctx.transcripts.get(auth.workspaceId, callId)),
  );

  return server;
}
