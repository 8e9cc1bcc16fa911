import { randomBytes, randomInt } from 'node:crypto';
import * as sip from 'sip';
import * as digest from 'sip/digest';
import { ANSWER_DIRECTION, readSdp, writeSdp, type MediaOffer, type RemoteMedia } from './sdp';
import { outcomeOfFinalResponse, type NotConnected } from './sip-outcomes';
import { ALLOW, type SipStack } from './sip-stack';

/** Where and how the leg is placed: the trunk's gateway and credentials (password opened). */
export interface TrunkRoute {
  host: string;
  port: number;
  transport: 'udp' | 'tcp';
  username: string | null;
  password: string | null;
}

export interface LegHandlers {
  /** 180/183 (once). */
  ringing(): void;
  /** 200 OK to the INVITE, ACKed: media may flow. */
  answered(media: RemoteMedia): void;
  /** The leg never connected: a final response, our CANCEL, or no response at all. */
  failed(outcome: NotConnected, sipStatus: number | null): void;
  /** The far end sent BYE on the connected leg. */
  farEndHungUp(): void;
  /** A re-INVITE moved or held the far end's media. */
  mediaChanged(media: RemoteMedia): void;
  /** The far end pressed a key, told by SIP INFO (application/dtmf-relay or application/dtmf). */
  digit(digit: string): void;
  /** A NOTIFY about our REFER: the status of the transferred call's INVITE (null: not a sipfrag). */
  transferProgress?(status: number | null): void;
}

type LegState = 'calling' | 'proceeding' | 'confirmed' | 'ended';

const tag = () => randomBytes(6).toString('hex');

/**
 * One outbound call leg as a SIP dialog (RFC 3261) on the engine's stack: INVITE with our SDP offer,
 * digest authentication when challenged (401/407, once), CANCEL, ACK of the 2xx, BYE either way,
 * re-INVITEs and OPTIONS answered inside the dialog.
 */
export class OutboundLeg {
  private state: LegState = 'calling';
  private readonly callId = `${randomBytes(12).toString('hex')}@voice`;
  private readonly localTag = tag();
  private cseq = randomInt(1, 10000);
  private invite: sip.SipMessage | null = null;
  private authTried = false;
  private readonly auth: digest.DigestContext = {};
  private remoteTag: string | undefined;
  private remoteTarget: string | undefined;
  private routeSet: sip.NameAddr[] = [];
  private cancelled: NotConnected | null = null;
  private ringingSent = false;
  private noResponseTimer: NodeJS.Timeout | null = null;
  private readonly release: () => void;
  private readonly localUri: string;
  private readonly requestUri: string;
  private readonly offer: MediaOffer;

  constructor(
    private readonly stack: SipStack,
    private readonly route: TrunkRoute,
    call: { to: string; from: string | null; rtpPort: number },
    private readonly handlers: LegHandlers,
    private readonly noResponseMs: number,
  ) {
    const transport = route.transport === 'tcp' ? ';transport=tcp' : '';
    this.requestUri = `sip:${call.to}@${route.host}:${route.port}${transport}`;
    const user = call.from ?? 'anonymous';
    this.localUri = `sip:${user}@${stack.publicAddress}`;
    this.offer = {
      address: stack.publicAddress,
      port: call.rtpPort,
      sessionId: randomInt(1, 2 ** 31),
      version: 1,
      codecs: ['PCMU', 'PCMA'],
    };
    this.release = stack.register(this.callId, (rq) => this.onRequest(rq));
  }

  /** The Call-ID of the dialog, for logs. */
  get sipCallId(): string {
    return this.callId;
  }

  start(): void {
    this.noResponseTimer = setTimeout(() => this.noResponse(), this.noResponseMs);
    this.sendInvite();
  }

  /** Gives up ringing (ring timeout, an API end): CANCEL once a provisional response came. */
  cancel(outcome: NotConnected): void {
    if (this.state === 'ended' || this.state === 'confirmed' || this.cancelled) return;
    this.cancelled = outcome;
    if (this.state === 'proceeding') this.sendCancel();
  }

  /** Ends a connected leg with BYE. */
  hangUp(): void {
    if (this.state !== 'confirmed') return;
    this.state = 'ended';
    this.sendInDialog('BYE');
    this.release();
  }

  /** The far end or the engine is gone: forget the dialog without signalling. */
  abandon(): void {
    this.state = 'ended';
    this.clearTimer();
    this.release();
  }

  private sendInvite(): void {
    const rq: sip.SipMessage = {
      method: 'INVITE',
      uri: this.requestUri,
      headers: {
        to: { uri: this.requestUri.replace(/;transport=tcp$/, ''), params: {} },
        from: { uri: this.localUri, params: { tag: this.localTag } },
        'call-id': this.callId,
        cseq: { method: 'INVITE', seq: ++this.cseq },
        contact: [{ uri: this.contactUri(), params: {} }],
        'max-forwards': 70,
        allow: ALLOW,
        'content-type': 'application/sdp',
        'user-agent': 'voice-assistant-engine',
      },
      content: writeSdp(this.offer),
    };
    if (this.authTried) digest.signRequest(this.auth, rq);
    this.invite = rq;
    this.stack.send(rq, (rs) => this.onInviteResponse(rq, rs));
  }

  private onInviteResponse(rq: sip.SipMessage, rs: sip.SipMessage): void {
    if (rq !== this.invite) return; // a response to an INVITE we re-sent with credentials
    const status = rs.status ?? 500;
    if (this.state === 'ended') {
      // a 2xx after we gave up (CANCEL crossed it): accept and end at once
      if (status >= 200 && status < 300 && rs.headers.to?.params.tag) this.ackAndBye(rs);
      return;
    }
    this.clearTimer();
    if (status < 200) {
      if (this.state === 'calling') {
        this.state = 'proceeding';
        if (this.cancelled) this.sendCancel();
      }
      if ((status === 180 || status === 183) && !this.ringingSent) {
        this.ringingSent = true;
        this.handlers.ringing();
      }
      return;
    }
    if (status < 300) return this.confirm(rs);
    if ((status === 401 || status === 407) && !this.authTried && this.route.username && this.route.password) {
      this.authTried = true;
      digest.signRequest(this.auth, rq, rs, { user: this.route.username, password: this.route.password });
      this.state = 'calling';
      this.noResponseTimer = setTimeout(() => this.noResponse(), this.noResponseMs);
      return this.sendInvite();
    }
    this.end(this.cancelled && status === 487 ? this.cancelled : outcomeOfFinalResponse(status), status);
  }

  private confirm(rs: sip.SipMessage): void {
    if (this.state === 'confirmed') return this.sendAck(); // a retransmitted 2xx: our ACK was lost
    this.remoteTag = rs.headers.to?.params.tag;
    const contact = Array.isArray(rs.headers.contact) ? rs.headers.contact[0]?.uri : undefined;
    this.remoteTarget = contact ?? this.requestUri;
    this.routeSet = [...(rs.headers['record-route'] ?? [])].reverse();
    this.sendAck();
    if (this.cancelled) {
      this.state = 'confirmed';
      this.hangUp();
      this.handlers.failed(this.cancelled, null);
      return;
    }
    const media = readSdp(rs.content);
    this.state = 'confirmed';
    if ('problem' in media) {
      // answered with nothing we can speak: hang up (a carrier should have sent 488 instead)
      this.hangUp();
      this.handlers.failed({ status: 'failed', reason: 'carrier-error' }, rs.status ?? 200);
      return;
    }
    this.handlers.answered(media);
  }

  private ackAndBye(rs: sip.SipMessage): void {
    this.remoteTag = rs.headers.to?.params.tag;
    const contact = Array.isArray(rs.headers.contact) ? rs.headers.contact[0]?.uri : undefined;
    this.remoteTarget = contact ?? this.requestUri;
    this.routeSet = [...(rs.headers['record-route'] ?? [])].reverse();
    this.sendAck();
    this.sendInDialog('BYE');
  }

  private sendAck(): void {
    this.stack.send({
      method: 'ACK',
      uri: this.remoteTarget!,
      headers: {
        ...this.dialogHeaders(),
        cseq: { method: 'ACK', seq: this.invite!.headers.cseq!.seq },
        via: [],
      },
    });
  }

  private sendCancel(): void {
    const invite = this.invite!;
    this.stack.send({
      method: 'CANCEL',
      uri: invite.uri,
      headers: {
        via: invite.headers.via,
        to: invite.headers.to,
        from: invite.headers.from,
        'call-id': this.callId,
        cseq: { method: 'CANCEL', seq: invite.headers.cseq!.seq },
        'max-forwards': 70,
      },
    });
  }

  /**
   * Blind transfer (RFC 3515): REFER the far end to `target` (a SIP URI, or a number at the trunk);
   * resolves with the final status.
   */
  refer(target: string): Promise<number> {
    if (this.state !== 'confirmed') return Promise.resolve(481);
    const transport = this.route.transport === 'tcp' ? ';transport=tcp' : '';
    const referTo = target.startsWith('sip')
      ? `<${target}>`
      : `<sip:${target}@${this.route.host}:${this.route.port}${transport}>`;
    return referStatus((done) =>
      this.sendInDialog('REFER', { 'refer-to': referTo, 'referred-by': `<${this.localUri}>` }, done),
    );
  }

  private sendInDialog(method: 'BYE' | 'REFER', extra: sip.SipHeaders = {}, onFinal?: (status: number) => void): void {
    this.stack.send(
      {
        method,
        uri: this.remoteTarget!,
        headers: { ...this.dialogHeaders(), ...extra, cseq: { method, seq: ++this.cseq } },
      },
      (rs) => (rs.status ?? 0) >= 200 && onFinal?.(rs.status!),
    );
  }

  private dialogHeaders(): sip.SipHeaders {
    const to = this.invite!.headers.to!;
    return {
      to: { ...to, params: { ...to.params, tag: this.remoteTag } },
      from: { uri: this.localUri, params: { tag: this.localTag } },
      'call-id': this.callId,
      'max-forwards': 70,
      ...(this.routeSet.length > 0 ? { route: this.routeSet } : {}),
      contact: [{ uri: this.contactUri(), params: {} }],
    };
  }

  private contactUri(): string {
    const transport = this.route.transport === 'tcp' ? ';transport=tcp' : '';
    return `sip:${this.stack.publicAddress}:${this.stack.port}${transport}`;
  }

  /** Requests the far end sends inside the dialog. */
  private onRequest(rq: sip.SipMessage): void {
    switch (rq.method) {
      case 'ACK':
        return;
      case 'BYE':
        this.stack.respond(rq, 200, 'OK');
        if (this.state === 'confirmed') {
          this.state = 'ended';
          this.release();
          this.handlers.farEndHungUp();
        }
        return;
      case 'INVITE':
        return this.onReinvite(rq);
      case 'INFO':
        this.stack.respond(rq, 200, 'OK');
        return void (infoDigit(rq) && this.handlers.digit(infoDigit(rq)!));
      case 'NOTIFY':
        this.stack.respond(rq, 200, 'OK');
        return void this.handlers.transferProgress?.(sipfragStatus(rq));
      case 'OPTIONS':
        return this.stack.respond(rq, 200, 'OK');
      default:
        return this.stack.respond(rq, 405, 'Method Not Allowed', { headers: { allow: ALLOW } });
    }
  }

  /** A re-INVITE (hold, resume, a moved media address): answer with our SDP, mirrored direction. */
  private onReinvite(rq: sip.SipMessage): void {
    if (this.state !== 'confirmed') return this.stack.respond(rq, 491, 'Request Pending');
    const media = rq.content ? readSdp(rq.content) : null;
    if (media && 'problem' in media) return this.stack.respond(rq, 488, 'Not Acceptable Here');
    this.offer.version++;
    const answer = writeSdp({
      ...this.offer,
      codecs: media ? [media.codec] : this.offer.codecs,
      direction: media ? ANSWER_DIRECTION[media.direction] : 'sendrecv',
    });
    this.stack.respond(rq, 200, 'OK', {
      headers: { contact: [{ uri: this.contactUri(), params: {} }], 'content-type': 'application/sdp' },
      content: answer,
    });
    if (media) this.handlers.mediaChanged(media);
  }

  private noResponse(): void {
    if (this.state !== 'calling') return;
    // nothing answered at all, not even 100 Trying: whatever we meant to cancel, the number is unreachable
    this.end({ status: 'failed', reason: 'unreachable' }, null);
  }

  private end(outcome: NotConnected, status: number | null): void {
    this.state = 'ended';
    this.clearTimer();
    this.release();
    this.handlers.failed(outcome, status);
  }

  private clearTimer(): void {
    if (this.noResponseTimer) clearTimeout(this.noResponseTimer);
    this.noResponseTimer = null;
  }
}

/** The key a SIP INFO reports (application/dtmf-relay "Signal=5" or application/dtmf "5"), or null. */
export function infoDigit(rq: sip.SipMessage): string | null {
  const type = String(rq.headers['content-type'] ?? '').toLowerCase();
  const body = rq.content ?? '';
  const key = type.startsWith('application/dtmf-relay')
    ? /^\s*Signal\s*=\s*(\S)/im.exec(body)?.[1]
    : type.startsWith('application/dtmf')
      ? body.trim()[0]
      : undefined;
  return key && /^[0-9*#A-D]$/i.test(key) ? key.toUpperCase() : null;
}

/** How long a REFER may go unanswered before the transfer counts as failed (408). */
const REFER_TIMEOUT_MS = 8000;

/** The final status of a REFER sent by `send` (which calls back with it), or 408 after REFER_TIMEOUT_MS. */
export function referStatus(send: (done: (status: number) => void) => void): Promise<number> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(408), REFER_TIMEOUT_MS);
    send((status) => {
      clearTimeout(timer);
      resolve(status);
    });
  });
}

/** The status line of a NOTIFY's message/sipfrag body ("SIP/2.0 200 OK" → 200), or null. */
export function sipfragStatus(rq: sip.SipMessage): number | null {
  if (
    !String(rq.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('message/sipfrag')
  )
    return null;
  const status = /^SIP\/2\.0\s+(\d{3})/.exec((rq.content ?? '').trim())?.[1];
  return status ? Number(status) : null;
}
