import { randomBytes, randomInt } from 'node:crypto';
import * as sip from 'sip';
import { infoDigit, referStatus, sipfragStatus, type LegHandlers } from './outbound-leg';
import { ANSWER_DIRECTION, readSdp, writeSdp, type RemoteMedia } from './sdp';
import type { NotConnected } from './sip-outcomes';
import { ALLOW, type SipStack } from './sip-stack';

type LegState = 'ringing' | 'confirmed' | 'ended';

/**
 * One inbound call leg: the carrier's INVITE, answered by us as a SIP user agent server — 180 while
 * the assistant is chosen, 200 OK with our SDP answer, or a refusal; the caller's CANCEL while it
 * rings; BYE either way; re-INVITEs and OPTIONS answered inside the dialog.
 */
export class InboundLeg {
  private state: LegState = 'ringing';
  private readonly localTag = randomBytes(6).toString('hex');
  private cseq = randomInt(1, 10000);
  private readonly release: () => void;
  private readonly offered: RemoteMedia | { problem: string };
  private sessionVersion = 1;
  private readonly sessionId = randomInt(1, 2 ** 31);
  private rtpPort = 0;
  private handlers: LegHandlers | null = null;

  constructor(
    private readonly stack: SipStack,
    private readonly invite: sip.SipMessage,
  ) {
    this.offered = readSdp(invite.content);
    this.release = stack.register(String(invite.headers['call-id']), (rq) => this.onRequest(rq));
  }

  /** Why the offer cannot be answered (no G.711, no audio), or null. */
  get offerProblem(): string | null {
    return 'problem' in this.offered ? this.offered.problem : null;
  }

  listen(handlers: LegHandlers): void {
    this.handlers = handlers;
  }

  ring(): void {
    if (this.state === 'ringing') this.stack.respond(this.invite, 180, 'Ringing', { headers: this.toTag() });
  }

  /** Answers with our SDP (the codec the caller prefers, audio on `rtpPort`); the caller's media. */
  answer(rtpPort: number): RemoteMedia | null {
    if (this.state !== 'ringing' || 'problem' in this.offered) return null;
    this.rtpPort = rtpPort;
    this.state = 'confirmed';
    this.stack.respond(this.invite, 200, 'OK', {
      headers: { ...this.toTag(), contact: this.contact(), 'content-type': 'application/sdp', allow: ALLOW },
      content: this.sdp(this.offered.codec, 'sendrecv'),
    });
    return this.offered;
  }

  /** Refuses the ringing call with a final response. */
  reject(status: number, reason: string): void {
    if (this.state !== 'ringing') return;
    this.state = 'ended';
    this.stack.respond(this.invite, status, reason, { headers: this.toTag() });
    this.release();
  }

  /** Gives up ringing (an API end, the engine stopping): 480 to the caller. */
  cancel(outcome: NotConnected): void {
    if (this.state !== 'ringing') return;
    this.reject(480, 'Temporarily Unavailable');
    this.handlers?.failed(outcome, null);
  }

  hangUp(): void {
    if (this.state !== 'confirmed') return;
    this.state = 'ended';
    this.sendInDialog('BYE');
    this.release();
  }

  /** Blind transfer: REFER the caller to `target` (a SIP URI, or a number at the carrier); the final status. */
  refer(target: string): Promise<number> {
    if (this.state !== 'confirmed') return Promise.resolve(481);
    const carrier = sip.parseUri(this.remoteTarget());
    const referTo = target.startsWith('sip')
      ? `<${target}>`
      : `<sip:${target}@${carrier.host}${carrier.port ? `:${carrier.port}` : ''}>`;
    const { to } = this.invite.headers;
    const referredBy = `<sip:${sip.parseUri(to!.uri).user ?? ''}@${this.stack.publicAddress}>`;
    return referStatus((done) => this.sendInDialog('REFER', { 'refer-to': referTo, 'referred-by': referredBy }, done));
  }

  private remoteTarget(): string {
    const contact = Array.isArray(this.invite.headers.contact) ? this.invite.headers.contact[0]?.uri : undefined;
    return contact ?? this.invite.uri!;
  }

  /** A request of ours inside the dialog (we are the callee: From and To are the INVITE's, swapped). */
  private sendInDialog(method: 'BYE' | 'REFER', extra: sip.SipHeaders = {}, onFinal?: (status: number) => void) {
    const { from, to } = this.invite.headers;
    this.stack.send(
      {
        method,
        uri: this.remoteTarget(),
        headers: {
          to: from,
          from: { ...to!, params: { ...to!.params, tag: this.localTag } },
          'call-id': this.invite.headers['call-id'],
          cseq: { method, seq: ++this.cseq },
          'max-forwards': 70,
          contact: this.contact(),
          ...(this.invite.headers['record-route'] ? { route: this.invite.headers['record-route'] } : {}),
          ...extra,
        },
      },
      (rs) => (rs.status ?? 0) >= 200 && onFinal?.(rs.status!),
    );
  }

  abandon(): void {
    this.state = 'ended';
    this.release();
  }

  private onRequest(rq: sip.SipMessage): void {
    switch (rq.method) {
      case 'ACK':
        return;
      case 'CANCEL':
        this.stack.respond(rq, 200, 'OK');
        if (this.state !== 'ringing') return;
        this.reject(487, 'Request Terminated');
        this.handlers?.failed({ status: 'failed', reason: 'customer-ended-call' }, 487);
        return;
      case 'BYE':
        this.stack.respond(rq, 200, 'OK');
        if (this.state !== 'confirmed') return;
        this.state = 'ended';
        this.release();
        this.handlers?.farEndHungUp();
        return;
      case 'INVITE': {
        if (rq.headers.to?.params.tag !== this.localTag) return; // a retransmitted initial INVITE
        const media = readSdp(rq.content);
        if ('problem' in media) return this.stack.respond(rq, 488, 'Not Acceptable Here');
        this.stack.respond(rq, 200, 'OK', {
          headers: { contact: this.contact(), 'content-type': 'application/sdp' },
          content: this.sdp(media.codec, ANSWER_DIRECTION[media.direction]),
        });
        this.handlers?.mediaChanged(media);
        return;
      }
      case 'INFO':
        this.stack.respond(rq, 200, 'OK');
        return void (infoDigit(rq) && this.handlers?.digit(infoDigit(rq)!));
      case 'NOTIFY':
        this.stack.respond(rq, 200, 'OK');
        return void this.handlers?.transferProgress?.(sipfragStatus(rq));
      case 'OPTIONS':
        return this.stack.respond(rq, 200, 'OK');
      default:
        return this.stack.respond(rq, 405, 'Method Not Allowed', { headers: { allow: ALLOW } });
    }
  }

  private sdp(codec: RemoteMedia['codec'], direction: RemoteMedia['direction']): string {
    return writeSdp({
      address: this.stack.publicAddress,
      port: this.rtpPort,
      sessionId: this.sessionId,
      version: this.sessionVersion++,
      codecs: [codec],
      direction,
    });
  }

  private toTag(): sip.SipHeaders {
    const to = this.invite.headers.to!;
    return { to: { ...to, params: { ...to.params, tag: this.localTag } } };
  }

  private contact(): sip.NameAddr[] {
    return [{ uri: `sip:${this.stack.publicAddress}:${this.stack.port}`, params: {} }];
  }
}
