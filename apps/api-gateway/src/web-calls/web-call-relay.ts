import type { IncomingMessage, Server } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { sealWebCallGrant, WEB_CALL_ENGINE_PATH, WEB_CALL_GRANT_HEADER } from '@app/calls';
import { ApiError, AppConfig, refuseUpgrade, SecretBox } from '@app/platform';
import { requestId as requestIdOf } from '@app/platform/http';
import { ApiKeyGuard, type AuthRequest } from '../auth/api-key.guard';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';

/** The WebSocket a browser (or any client) talks to an assistant over (README "Web calls"). */
export const WEB_CALL_PATH = '/api/core/voice/web-call';

/** The handshake headers an engine needs; nothing else of the client's (cookies, keys) goes on. */
const HANDSHAKE = ['upgrade', 'connection', 'sec-websocket-key', 'sec-websocket-version'];

/**
 * A web call's front door: `GET /api/core/voice/web-call?agentId=…` upgraded to a WebSocket. The
 * gateway checks who asks exactly as for start-call (an API key, else the session cookie from this
 * console's own origin; role member or higher; the start-call rate limit), then hands the socket
 * to an engine (ENGINE_URL) with a sealed grant naming the workspace and assistant; the engine
 * admits the call and carries its audio. Refusals answer the upgrade with our `{code, message}` body.
 */
@Injectable()
export class WebCallRelay implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebCallRelay.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly guard: ApiKeyGuard,
    private readonly limits: RateLimitGuard,
    private readonly secrets: SecretBox,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      this.relay(req, socket, head).catch((e: Error) => {
        this.logger.error({ err: e.message, msg: 'web call hand-over failed' });
        refuseUpgrade(socket, 500, 'The call could not start.');
      });
    });
  }

  private async relay(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (url.pathname !== WEB_CALL_PATH)
      return refuseUpgrade(socket, 404, `No WebSocket here; web calls use ${WEB_CALL_PATH}.`);
    const requestId = requestIdOf(req);
    const agentId = url.searchParams.get('agentId');
    if (!agentId) return refuseUpgrade(socket, 400, `agentId is required: ${WEB_CALL_PATH}?agentId=<assistant id>.`);
    const authRequest: AuthRequest = {
      method: 'GET',
      headers: req.headers as AuthRequest['headers'],
      ip: req.socket.remoteAddress,
    };
    let workspaceId: string;
    try {
      const auth = await this.guard.authenticate(authRequest, 'member');
      // a page of another site cannot ride a person's cookie into a call (cross-site WebSocket hijacking)
      if (auth.sessionId && !sameOrigin(req)) {
        return refuseUpgrade(socket, 403, 'A web call with a session must come from this console (Origin differs).');
      }
      workspaceId = auth.workspaceId;
      // a web call is a started call: the workspace's start-call rate limit counts it
      await this.limits.hit(workspaceId, 'start-call');
    } catch (e) {
      if (e instanceof ApiError) return refuseUpgrade(socket, e.getStatus(), e.message);
      throw e;
    }
    const grant = sealWebCallGrant(this.secrets, { workspaceId, assistantId: agentId, requestId });
    this.handOver(req, socket, head, grant, requestId);
    this.logger.log({ requestId, workspaceId, agentId, msg: 'web call handed to an engine' });
  }

  /** Opens the engine's socket, sends it the handshake with the grant, then pipes both ways. */
  private handOver(req: IncomingMessage, socket: Duplex, head: Buffer, grant: string, requestId: string): void {
    const engine = new URL(this.config.ENGINE_URL);
    const upstream = connect(Number(engine.port || 80), engine.hostname);
    let connected = false;
    upstream.on('error', (e) => {
      if (connected) return socket.destroy();
      this.logger.error({ requestId, err: e.message, msg: 'no call engine answered at ENGINE_URL' });
      refuseUpgrade(socket, 503, 'No call engine is reachable; try again shortly.');
    });
    upstream.on('connect', () => {
      connected = true;
      const lines = [`GET ${WEB_CALL_ENGINE_PATH} HTTP/1.1`, `host: ${engine.host}`];
      for (const name of HANDSHAKE) lines.push(`${name}: ${String(req.headers[name] ?? '')}`);
      lines.push(`${WEB_CALL_GRANT_HEADER}: ${grant}`, `x-request-id: ${requestId}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  }
}

/** A browser's request from a page of this same host (browsers always send Origin on a WebSocket). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
