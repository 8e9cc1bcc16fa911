import { forwardRef, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { isIP } from 'node:net';
import * as sip from 'sip';
import * as digest from 'sip/digest';
import { CallsRepository } from '@app/calls';
import { CallLifecycleRepository } from '@app/calls/lifecycle';
import { AppConfig, SecretBox } from '@app/platform';
import { SipTrunksRepository } from '@app/telephony';
import { CallLifecycleService } from '../lifecycle/call-lifecycle.service';
import { InboundLeg } from './inbound-leg';
import { SipCalls } from './sip-calls';
import { SipStack } from './sip-stack';

/** How long a digest challenge waits for the INVITE that answers it. */
const CHALLENGE_TTL_MS = 30_000;

/** The final response a refused inbound call gets, by why it ended. */
const REFUSALS: Record<string, [number, string]> = {
  rejected: [603, 'Decline'],
  'no-assistant': [480, 'Temporarily Unavailable'],
  'assistant-request-failed': [480, 'Temporarily Unavailable'],
};

/** The E.164 number a request-URI's user part names ("+14155550100", "14155550100"), or null. */
export function dialledNumber(uri: string | undefined): string | null {
  const user = /^sips?:([^@;]+)@/.exec(uri ?? '')?.[1];
  if (!user) return null;
  const digits = decodeURIComponent(user).replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return digits;
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * A carrier's INVITE to one of the workspaces' numbers becomes an inbound call through the same
 * admission and assistant choice as the simulator's (README "Inbound calls"): from an address no
 * trunk lists → 403 and nothing is written; to a number no trunk from that address carries → 404;
 * over the live-call limit → 486. Otherwise it rings here (180) until its assistant is chosen, then
 * SipCalls answers it.
 */
@Injectable()
export class SipInbound implements OnModuleInit {
  private readonly logger = new Logger(SipInbound.name);
  private readonly trustedProxies: Set<string>;
  /** Digest challenges sent, by Call-ID, until the retried INVITE answers them. */
  private readonly challenges = new Map<string, digest.DigestContext>();

  constructor(
    private readonly stack: SipStack,
    private readonly sipCalls: SipCalls,
    private readonly trunks: SipTrunksRepository,
    private readonly calls: CallsRepository,
    private readonly lifecycleRows: CallLifecycleRepository,
    @Inject(forwardRef(() => CallLifecycleService)) private readonly lifecycle: CallLifecycleService,
    private readonly secrets: SecretBox,
    config: AppConfig,
  ) {
    this.trustedProxies = new Set((config.SIP_TRUSTED_PROXIES ?? '').split(',').filter(Boolean));
  }

  onModuleInit(): void {
    this.stack.handleNewRequests((rq, remote) => void this.onInvite(rq, remote));
    this.sipCalls.onInboundReady = (callId) => this.lifecycle.advance(callId);
  }

  private async onInvite(rq: sip.SipMessage, remote: sip.SipRemote): Promise<void> {
    try {
      await this.receive(rq, remote);
    } catch (e) {
      this.logger.error({ err: (e as Error).message, msg: 'inbound INVITE failed' });
      this.stack.respond(rq, 500, 'Server Internal Error');
    }
  }

  /** Who sent the INVITE: the carrier's address, told by a trusted proxy in X-Source-Address. */
  private sourceOf(rq: sip.SipMessage, remote: sip.SipRemote): string {
    const told = String(rq.headers['x-source-address'] ?? '').trim();
    return this.trustedProxies.has(remote.address) && isIP(told) ? told : remote.address;
  }

  private async receive(rq: sip.SipMessage, remote: sip.SipRemote): Promise<void> {
    const to = dialledNumber(rq.uri);
    const source = this.sourceOf(rq, remote);
    const route = to ? await this.trunks.findInboundRoute(to, source) : null;
    if (!route) {
      const known = await this.trunks.anyTrunkAllows(source);
      this.logger.warn({ from: source, to, msg: `inbound INVITE refused (${known ? 404 : 403})` });
      return this.stack.respond(rq, known ? 404 : 403, known ? 'Not Found' : 'Forbidden');
    }
    if (!(await this.authorised(rq, route))) return;
    const leg = new InboundLeg(this.stack, rq);
    if (leg.offerProblem) {
      leg.reject(488, 'Not Acceptable Here');
      return;
    }
    const from = dialledNumber(rq.headers.from?.uri) ?? 'anonymous';
    const admitted = await this.calls.tryReceive({ ...route, from, to: to!, sipEngine: this.sipCalls.engineId });
    if (admitted.kind !== 'created') {
      leg.reject(486, 'Busy Here'); // the workspace's live-call limit
      return;
    }
    const callId = admitted.callId;
    this.sipCalls.ringInbound(callId, leg);
    await this.lifecycle.dial(callId);
    const row = await this.lifecycleRows.findWithAssistant(callId);
    if (row && row.status === 'failed') {
      const [status, reason] = REFUSALS[row.endedReason ?? ''] ?? [480, 'Temporarily Unavailable'];
      this.sipCalls.dropInbound(callId)?.reject(status, reason);
    }
  }

  /**
   * A trunk with inbound credentials challenges each new INVITE (401, digest) and takes only the
   * retried INVITE of the same Call-ID that answers it; wrong credentials get 403 and write nothing.
   */
  private async authorised(rq: sip.SipMessage, route: { workspaceId: string; trunkId: string }): Promise<boolean> {
    const trunk = await this.trunks.find(route.workspaceId, route.trunkId);
    if (!trunk?.inboundUsername || !trunk.inboundPasswordEnc) return true;
    const callId = String(rq.headers['call-id']);
    const pending = this.challenges.get(callId);
    if (pending && rq.headers.authorization) {
      this.challenges.delete(callId);
      const creds = { user: trunk.inboundUsername, password: this.secrets.open(trunk.inboundPasswordEnc) };
      if (digest.authenticateRequest(pending, rq, creds)) return true;
      this.logger.warn({ to: rq.uri, msg: 'inbound INVITE with wrong trunk credentials (403)' });
      this.stack.respond(rq, 403, 'Forbidden');
      return false;
    }
    const ctx: digest.DigestContext = { realm: 'voice-assistant', qop: 'auth' };
    this.challenges.set(callId, ctx);
    setTimeout(() => this.challenges.delete(callId), CHALLENGE_TTL_MS).unref();
    this.stack.send(digest.challenge(ctx, sip.makeResponse(rq, 401, 'Unauthorized')));
    return false;
  }
}
