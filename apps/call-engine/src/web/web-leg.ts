import type { RawData, WebSocket } from 'ws';
import type { PacketSocket, RtpPeer } from '../media/rtp-session';
import type { LegHandlers } from '../sip/outbound-leg';
import type { RemoteMedia } from '../sip/sdp';
import type { NotConnected } from '../sip/sip-outcomes';

type LegState = 'ringing' | 'confirmed' | 'ended';

/** The browser as RTP sees it: one peer, no address of its own (its packets come over the socket). */
const BROWSER: RtpPeer = { address: 'browser', port: 0 };
/** What the browser sends and takes: PCMU at 8 kHz in 20 ms RTP packets, no telephone-events. */
const BROWSER_MEDIA: RemoteMedia = { ...BROWSER, codec: 'PCMU', direction: 'sendrecv', telephoneEvent: null };

/** What the engine tells the browser in text frames (README "Web calls"). */
export type WebCallMessage =
  | { type: 'ringing'; callId: string }
  | { type: 'answered'; callId: string }
  | { type: 'ended'; callId: string; reason: string };

/**
 * A person in a browser as a call leg: their WebSocket carries RTP packets both ways (binary
 * frames) and the call's progress to them (text frames). It answers to the same calls as a SIP leg,
 * so a web call is a SipCall with this leg: one conversation runtime for both. A browser cannot be
 * transferred (REFER answers 501 and the call goes on); closing the socket is hanging up.
 */
export class WebLeg {
  private state: LegState = 'ringing';
  private handlers: LegHandlers | null = null;
  private onPacket: ((msg: Buffer, from: RtpPeer) => void) | null = null;
  /** The RtpSession's socket: packets to and from the browser. */
  readonly socket: PacketSocket;

  constructor(
    private readonly ws: WebSocket,
    readonly callId: string,
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.onPacket?.(bufferOf(data), BROWSER);
    });
    ws.on('close', () => this.closedByBrowser());
    ws.on('error', () => ws.terminate());
    this.socket = {
      on: (_event, listener) => (this.onPacket = listener),
      send: (msg, _port, _address, done) => {
        if (ws.readyState !== ws.OPEN) return done();
        ws.send(msg, { binary: true }, () => done());
      },
      close: () => (this.onPacket = null),
    };
  }

  get offerProblem(): string | null {
    return null;
  }

  listen(handlers: LegHandlers): void {
    this.handlers = handlers;
  }

  ring(): void {
    this.tell({ type: 'ringing', callId: this.callId });
  }

  answer(): RemoteMedia | null {
    if (this.state !== 'ringing') return null;
    this.state = 'confirmed';
    this.tell({ type: 'answered', callId: this.callId });
    return BROWSER_MEDIA;
  }

  reject(_status: number, reason: string): void {
    if (this.state !== 'ringing') return;
    this.end(reason);
  }

  cancel(outcome: NotConnected): void {
    if (this.state !== 'ringing') return;
    this.end(outcome.reason);
    this.handlers?.failed(outcome, null);
  }

  hangUp(): void {
    if (this.state === 'confirmed') this.end('hung-up');
  }

  refer(): Promise<number> {
    return Promise.resolve(501);
  }

  abandon(): void {
    this.state = 'ended';
  }

  private end(reason: string): void {
    this.state = 'ended';
    this.tell({ type: 'ended', callId: this.callId, reason });
    this.ws.close(1000);
  }

  private closedByBrowser(): void {
    const was = this.state;
    this.state = 'ended';
    this.onPacket = null;
    if (was === 'ringing') this.handlers?.failed({ status: 'failed', reason: 'customer-ended-call' }, null);
    else if (was === 'confirmed') this.handlers?.farEndHungUp();
  }

  private tell(message: WebCallMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }
}

function bufferOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
