import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { forwardRef, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebSocketServer } from 'ws';
import { CallsRepository, openWebCallGrant, WEB_CALL_ENGINE_PATH, WEB_CALL_GRANT_HEADER } from '@app/calls';
import { refuseUpgrade, SecretBox } from '@app/platform';
import { CallLifecycleService } from '../lifecycle/call-lifecycle.service';
import { SipCalls } from '../sip/sip-calls';
import { WebLeg } from './web-leg';

/** RTP packets of 20 ms PCMU are 172 bytes; anything much larger is not audio. */
const MAX_FRAME_BYTES = 2048;

/**
 * Web calls on this engine (README "Web calls"): a gateway hands over a browser's WebSocket with a
 * sealed grant (who checked in, which assistant); the call is admitted here as `web` by the one
 * admission writer, held by this engine from its first row, rings while call.started is published,
 * and is answered by SipCalls with a WebLeg — the same conversation runtime as a SIP call.
 */
@Injectable()
export class WebCalls implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebCalls.name);
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly secrets: SecretBox,
    private readonly calls: CallsRepository,
    private readonly sipCalls: SipCalls,
    @Inject(forwardRef(() => CallLifecycleService)) private readonly lifecycle: CallLifecycleService,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(req, socket, head).catch((e: Error) => {
        this.logger.error({ err: e.message, msg: 'web call failed to start' });
        refuseUpgrade(socket, 500, 'The call could not start.');
      });
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (new URL(req.url ?? '/', 'http://engine').pathname !== WEB_CALL_ENGINE_PATH) {
      return refuseUpgrade(socket, 404, 'Not found.');
    }
    const grant = openWebCallGrant(this.secrets, String(req.headers[WEB_CALL_GRANT_HEADER] ?? '') || undefined);
    if (!grant) return refuseUpgrade(socket, 401, 'A web call is handed over by a gateway, with its grant.');
    const { workspaceId, assistantId, requestId } = grant;
    const admitted = await this.calls.startWebCall({
      workspaceId,
      assistantId,
      engineId: this.sipCalls.engineId,
      requestId,
    });
    if (admitted.kind === 'assistant-not-found')
      return refuseUpgrade(socket, 404, `Assistant ${assistantId} not found.`);
    if (admitted.kind === 'limit-reached') {
      const { live, limit } = admitted;
      return refuseUpgrade(
        socket,
        429,
        `Live-call limit reached: ${live} of ${limit} calls are ringing or in progress.`,
      );
    }
    if (admitted.kind !== 'created') return refuseUpgrade(socket, 409, 'The call could not start.');
    const { callId } = admitted;
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      const leg = new WebLeg(ws, callId);
      this.sipCalls.ringInbound(callId, leg);
      this.logger.log({ requestId, callId, msg: 'web call ringing' });
      this.lifecycle.dial(callId, requestId).catch((e: Error) => {
        this.logger.error({ requestId, callId, err: e.message, msg: 'web call failed to dial' });
      });
    });
  }
}
