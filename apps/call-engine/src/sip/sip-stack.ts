import { createSocket, type Socket } from 'node:dgram';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import * as sip from 'sip';
import { AppConfig } from '@app/platform';

/** What the stack hands a dialog's owner: requests inside its dialog (BYE, re-INVITE, INFO…). */
export type DialogHandler = (rq: sip.SipMessage, remote: sip.SipRemote) => void;
/** Requests outside any dialog (a new INVITE, OPTIONS). */
export type NewRequestHandler = (rq: sip.SipMessage, remote: sip.SipRemote) => void;

/** SIP messages larger than this are dropped (TCP); UDP datagrams are bounded by the socket. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The engine's SIP endpoint (npm `sip`: parser, transport, transactions) and its RTP ports. Routes
 * each request to the dialog it belongs to by Call-ID; answers OPTIONS; everything else outside a
 * dialog goes to the new-request handler (inbound calls). Off when SIP_PORT is 0.
 */
@Injectable()
export class SipStack implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SipStack.name);
  private endpoint: sip.SipEndpoint | null = null;
  private readonly dialogs = new Map<string, DialogHandler>();
  private readonly rtpPortsInUse = new Set<number>();
  private nextRtpPort: number;
  private onNewRequest: NewRequestHandler | null = null;
  readonly publicAddress: string;

  constructor(private readonly config: AppConfig) {
    this.nextRtpPort = config.RTP_PORT_MIN + (config.RTP_PORT_MIN % 2);
    this.publicAddress =
      config.SIP_PUBLIC_ADDRESS ?? (config.SIP_ADDRESS === '0.0.0.0' ? '127.0.0.1' : config.SIP_ADDRESS);
  }

  get enabled(): boolean {
    return this.endpoint !== null;
  }

  get port(): number {
    return this.config.SIP_PORT;
  }

  onModuleInit(): void {
    if (this.config.SIP_PORT === 0) return;
    this.endpoint = sip.create(
      {
        port: this.config.SIP_PORT,
        address: this.config.SIP_ADDRESS,
        publicAddress: this.publicAddress,
        udp: true,
        tcp: true,
        maxBytesHeaders: MAX_MESSAGE_BYTES,
        maxContentLength: MAX_MESSAGE_BYTES,
        logger: { error: (e) => this.logger.warn({ err: String(e), msg: 'SIP message dropped' }) },
      },
      (rq, remote) => this.route(rq, remote),
    );
    this.logger.log({ msg: `SIP on ${this.config.SIP_ADDRESS}:${this.config.SIP_PORT} as ${this.publicAddress}` });
  }

  // After every call's onModuleDestroy: their BYEs go out first.
  onApplicationShutdown(): void {
    this.endpoint?.destroy();
    this.endpoint = null;
  }

  handleNewRequests(handler: NewRequestHandler): void {
    this.onNewRequest = handler;
  }

  /** Requests with this Call-ID go to the handler until the dialog is released. */
  register(callId: string, handler: DialogHandler): () => void {
    this.dialogs.set(callId, handler);
    return () => this.dialogs.delete(callId);
  }

  /** Sends a request (responses to `onResponse`) or a response (through its server transaction). */
  send(message: sip.SipMessage, onResponse?: (rs: sip.SipMessage) => void): void {
    if (!this.endpoint) throw new Error('SIP is off on this engine (SIP_PORT=0)');
    this.endpoint.send(message, onResponse);
  }

  respond(rq: sip.SipMessage, status: number, reason: string, extra: Partial<sip.SipMessage> = {}): void {
    const rs = sip.makeResponse(rq, status, reason);
    Object.assign(rs.headers, extra.headers ?? {});
    if (extra.content !== undefined) rs.content = extra.content;
    this.send(rs);
  }

  /** A UDP socket on a free even port of the RTP range, bound to SIP_ADDRESS. */
  async openRtpSocket(): Promise<{ socket: Socket; port: number }> {
    const { RTP_PORT_MIN: min, RTP_PORT_MAX: max } = this.config;
    const count = Math.floor((max - min) / 2) + 1;
    for (let tried = 0; tried < count; tried++) {
      const port = this.nextRtpPort;
      this.nextRtpPort = port + 2 > max ? min + (min % 2) : port + 2;
      if (this.rtpPortsInUse.has(port)) continue;
      const socket = createSocket('udp4');
      const bound = await new Promise<boolean>((resolve) => {
        socket.once('error', () => resolve(false));
        socket.bind(port, this.config.SIP_ADDRESS, () => resolve(true));
      });
      if (!bound) {
        socket.close();
        continue;
      }
      socket.on('error', (e) => this.logger.warn({ err: e.message, port, msg: 'RTP socket error' }));
      this.rtpPortsInUse.add(port);
      socket.once('close', () => this.rtpPortsInUse.delete(port));
      return { socket, port };
    }
    throw new Error(`no free RTP port in ${min}-${max}`);
  }

  private route(rq: sip.SipMessage, remote: sip.SipRemote): void {
    const handler = this.dialogs.get(String(rq.headers['call-id']));
    if (handler) return handler(rq, remote);
    if (rq.method === 'ACK') return; // an ACK for a dialog already gone needs no answer
    if (rq.method === 'OPTIONS') {
      return this.respond(rq, 200, 'OK', { headers: { allow: ALLOW, accept: 'application/sdp' } });
    }
    if (rq.method === 'INVITE') {
      return this.onNewRequest ? this.onNewRequest(rq, remote) : this.respond(rq, 403, 'Forbidden');
    }
    // inside a dialog we do not have (any more): a late NOTIFY, a BYE after ours
    if (rq.method === 'BYE' || rq.method === 'CANCEL' || rq.headers.to?.params.tag) {
      return this.respond(rq, 481, 'Call/Transaction Does Not Exist');
    }
    this.respond(rq, 405, 'Method Not Allowed', { headers: { allow: ALLOW } });
  }
}

export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, NOTIFY';
