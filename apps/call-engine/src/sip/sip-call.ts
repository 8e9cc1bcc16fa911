import { Logger } from '@nestjs/common';
import type { AnsweredBy, EndedReason } from '@app/calls';
import type { Brain, BrainEnd } from '../conversation/brain';
import { VoiceLine, type Listening, type VoiceTurn } from '../conversation/voice-line';
import type { MoveStep } from '../lifecycle/call-transitions';
import type { FrameClock } from '../media/frame-clock';
import { RtpSession, type PacketSocket } from '../media/rtp-session';
import type { StreamingRecognition } from '../media/hosted-recogniser';
import type { Recognition } from '../media/transcriber';
import type { ToolOutcome } from '../tools/mcp-tool-runner';
import type { InboundLeg } from './inbound-leg';
import { OutboundLeg, type LegHandlers, type TrunkRoute } from './outbound-leg';
import { TELEPHONE_EVENT_PT, type RemoteMedia } from './sdp';
import type { NotConnected } from './sip-outcomes';
import type { SipStack } from './sip-stack';
import { WebLeg } from '../web/web-leg';

/** What the call's owner does with what happens on the line (write it, publish it, store media). */
export interface SipCallHooks {
  /** The callee answered: the call is connected. False when the row had moved on meanwhile. */
  connected(at: Date): Promise<boolean>;
  /** The call is over: how, and the media of a call that connected. */
  ended(end: CallEnd, at: Date, media: CallMedia | null): Promise<void>;
  /** The far end refused a transfer (or did not answer the REFER): the call goes on. */
  transferFailed(to: string, sipStatus: number): Promise<void>;
  speak(text: string): Promise<Int16Array | null>;
  runTool(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  recognise(samples: Int16Array, phrases: string[]): Promise<Recognition | null>;
  streamTurn?(phrases: string[]): StreamingRecognition;
  observeLatency?(ms: number): void;
  /** A turn was said or heard (or grew, or was recognised): for the live transcript. */
  turn?(index: number, turn: VoiceTurn): void;
  /** Who answered, as voicemail detection heard it. */
  answeredBy(answeredBy: AnsweredBy): Promise<void>;
}

/** How a call ends: a status move, or a transfer the far end accepted. */
export type CallEnd = MoveStep | { kind: 'transfer'; to: string; sipStatus: number };

export interface CallMedia {
  turns: VoiceTurn[];
  channels: [Int16Array, Int16Array];
  stats: ReturnType<RtpSession['stats']>;
  /** From the callee's 200 OK to the first frame of the assistant's speech. */
  firstAudioMs: number | null;
}

export interface SipCallSettings {
  /** Voicemail detection: on a machine, the message to leave after the beep (null: hang up). */
  voicemail: { message: string | null } | null;
  ringTimeoutMs: number;
  noResponseMs: number;
  inactivityMs: number;
  maxDurationMs: number;
  listening: Listening;
  onSendInterval?(errorMs: number): void;
}

/** A connected call's end that the script did not choose (or chose by hanging up). */
type OutsideEndOf = { kind: 'complete'; reason: EndedReason } | { kind: 'fail'; reason: Failure };
/** Why a connected call ends, when something outside the script ends it. */
type OutsideEnd = Extract<EndedReason, 'customer-ended-call' | 'api-ended-call' | 'max-duration-reached'>;
type Failure = Extract<EndedReason, 'media-timeout' | 'engine-lost' | 'brain-failed'>;

/** How long an accepted transfer waits for the far end's NOTIFY about the new call before hanging up. */
const TRANSFER_NOTIFY_WAIT_MS = 4000;
/** Silence sent after the assistant's last line before it hangs up. */
const HANGUP_TAIL_MS = 300;
/** Longest wait for the far end's media before the assistant speaks anyway (sendonly far ends). */
const MEDIA_WAIT_MS = 250;

/**
 * One outbound call on a SIP trunk, from INVITE to its end: rings (ring timeout → CANCEL), connects,
 * plays the assistant's script over RTP and ends — by the script, the far end's BYE, an API end,
 * max duration, RTP inactivity or the engine shutting down — exactly once.
 */
export class SipCall {
  private readonly logger = new Logger(SipCall.name);
  private leg: OutboundLeg | InboundLeg | WebLeg | null = null;
  private session: RtpSession | null = null;
  private line: VoiceLine | null = null;
  private readonly abort = new AbortController();
  private ringTimer: NodeJS.Timeout | null = null;
  private maxTimer: NodeJS.Timeout | null = null;
  private connectedAt: Date | null = null;
  private answeredAtMs = 0;
  private endedBy: OutsideEndOf | { kind: 'transfer'; to: string; sipStatus: number } | null = null;
  private transferring = false;
  private onTransferOutcome: ((status: number) => void) | null = null;
  private apiEnded = false;
  private finished = false;
  private readonly done: Promise<void>;
  private resolveDone!: () => void;

  constructor(
    readonly callId: string,
    private readonly stack: SipStack,
    private readonly clock: FrameClock,
    private readonly settings: SipCallSettings,
    private readonly hooks: SipCallHooks,
    private readonly brain: { firstMessage: string; start(): Brain },
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  /** Resolves once the call ended and its outcome and media were handed to the hooks. */
  get finishedPromise(): Promise<void> {
    return this.done;
  }

  async dial(route: TrunkRoute, ends: { to: string; from: string | null }): Promise<void> {
    void this.hooks.speak(this.brain.firstMessage); // synthesised while it rings
    const { socket, port } = await this.stack.openRtpSocket();
    this.leg = new OutboundLeg(
      this.stack,
      route,
      { ...ends, rtpPort: port },
      this.legHandlers(socket),
      this.settings.noResponseMs,
    );
    this.ringTimer = setTimeout(
      () => this.leg?.cancel({ status: 'no-answer', reason: 'no-answer' }),
      this.settings.ringTimeoutMs,
    );
    this.leg.start();
  }

  /** Answers an inbound call that rang while its assistant was chosen, or a browser's web call. */
  async answerInbound(leg: InboundLeg | WebLeg): Promise<void> {
    this.leg = leg;
    // a browser's packets come over its WebSocket: no UDP port
    const { socket, port } = leg instanceof WebLeg ? { socket: leg.socket, port: 0 } : await this.stack.openRtpSocket();
    leg.listen(this.legHandlers(socket));
    const media = leg.answer(port);
    if (media) return this.answered(media, socket);
    leg.reject(488, 'Not Acceptable Here');
    await this.notConnected({ status: 'failed', reason: 'carrier-error' }, socket);
  }

  private legHandlers(socket: PacketSocket): LegHandlers {
    return {
      ringing: () => undefined,
      answered: (media) => void this.answered(media, socket),
      failed: (outcome) => void this.notConnected(outcome, socket),
      farEndHungUp: () => this.endFromOutside({ kind: 'complete', reason: 'customer-ended-call' }),
      mediaChanged: (media) => {
        this.session?.moveRemote(media);
        this.session?.setDirection(media.direction);
      },
      digit: (digit) => this.session?.heardDigit(digit),
      transferProgress: (status) => status !== null && status >= 200 && this.onTransferOutcome?.(status),
    };
  }

  /** A client asked to end the call (POST …/end). */
  endByApi(): void {
    if (this.connectedAt) return this.endFromOutside({ kind: 'complete', reason: 'api-ended-call' });
    this.apiEnded = true;
    this.leg?.cancel({ status: 'no-answer', reason: 'no-answer' });
  }

  /** The engine stops (or lost its lease): end the call now, with that reason. */
  endForEngine(): void {
    if (this.connectedAt) return this.endFromOutside({ kind: 'fail', reason: 'engine-lost' });
    this.leg?.cancel({ status: 'failed', reason: 'engine-lost' });
  }

  private async notConnected(outcome: NotConnected, socket: { close(): void }): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.clearTimers();
    socket.close();
    const step: MoveStep = this.apiEnded
      ? { kind: 'complete', reason: 'api-ended-call' }
      : outcome.status === 'no-answer'
        ? { kind: 'no-answer' }
        : { kind: 'fail', from: 'ringing', reason: outcome.reason, stage: 'ringing' };
    await this.settle(step, null);
  }

  private async answered(media: RemoteMedia, socket: PacketSocket): Promise<void> {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.connectedAt = new Date();
    const session = new RtpSession({
      socket,
      clock: this.clock,
      remote: media,
      codec: media.codec,
      telephoneEvent: media.telephoneEvent,
      ourTelephoneEvent: TELEPHONE_EVENT_PT,
      inactivityMs: this.settings.inactivityMs,
      onSendInterval: this.settings.onSendInterval,
      onInactive: () => this.endFromOutside({ kind: 'fail', reason: 'media-timeout' }),
    });
    this.session = session;
    session.start();
    this.answeredAtMs = session.elapsedMs;
    this.maxTimer = setTimeout(
      () => this.endFromOutside({ kind: 'complete', reason: 'max-duration-reached' }),
      this.settings.maxDurationMs,
    );
    // the connect is written while the far end's media starts: the first words wait for neither alone
    const [connected] = await Promise.all([this.hooks.connected(this.connectedAt), this.mediaFlowing(session)]);
    if (!connected) {
      // the row moved on while the callee answered (an API end, another engine): hang up, write nothing
      this.finished = true;
      this.teardown();
      this.resolveDone();
      return;
    }
    this.line = new VoiceLine({
      session,
      speak: (text) => this.hooks.speak(text),
      runTool: (name, args) => this.hooks.runTool(name, args),
      transfer: (to) => this.transfer(to),
      recognise: (samples, phrases) => this.hooks.recognise(samples, phrases),
      ...(this.hooks.streamTurn ? { streamTurn: (phrases: string[]) => this.hooks.streamTurn!(phrases) } : {}),
      observeLatency: (ms) => this.hooks.observeLatency?.(ms),
      onTurn: (index, turn) => this.hooks.turn?.(index, turn),
      listening: this.settings.listening,
      signal: this.abort.signal,
    });
    const end = await this.converse(this.line);
    if (end?.by === 'customer') {
      // the caller is to hang up: wait for their BYE, then hang up ourselves
      await this.line.awaitCallerHangup();
    }
    if (end) {
      if (end.reason) this.logger.warn({ callId: this.callId, err: end.error, msg: 'the brain failed; hanging up' });
      this.endedBy ??= end.reason
        ? { kind: 'fail', reason: end.reason }
        : { kind: 'complete', reason: end.voicemail ? 'voicemail' : 'assistant-ended-call' };
      // the far end's jitter buffer still holds the last words: let them play out before the BYE
      await new Promise((resolve) => setTimeout(resolve, HANGUP_TAIL_MS));
    }
    await this.finishConnected();
  }

  /**
   * The conversation: with voicemail detection, the far end is screened first — a machine gets the
   * message after its beep (or nothing) and the call ends as voicemail; anyone else gets the brain.
   */
  private async converse(line: VoiceLine): Promise<(BrainEnd & { voicemail?: true }) | null> {
    const { voicemail } = this.settings;
    if (voicemail) {
      const answeredBy = await line.screen();
      if (this.abort.signal.aborted) return null;
      await this.hooks.answeredBy(answeredBy);
      if (answeredBy === 'machine') {
        if (voicemail.message) await line.say(voicemail.message);
        return this.abort.signal.aborted ? null : { by: 'assistant', voicemail: true };
      }
    }
    return line.run(this.brain.start());
  }

  /** The assistant speaks once the far end's media arrives (or MEDIA_WAIT_MS passed): no clipped first words. */
  private mediaFlowing(session: RtpSession): Promise<void> {
    return new Promise((resolve) => {
      const stop = session.onHeard((_, atMs) => {
        if (session.packetsReceived > 0 || atMs >= MEDIA_WAIT_MS || this.abort.signal.aborted) {
          stop();
          resolve();
        }
      });
    });
  }

  /**
   * Blind transfer (a client's POST …/transfer, or the script's step): REFER the far end to `to`.
   * Accepted, the call ends as transferred; refused or unanswered, it goes on. True when accepted.
   */
  async transfer(to: string): Promise<boolean> {
    if (!this.connectedAt || !this.leg || this.finished || this.endedBy || this.transferring) return false;
    this.transferring = true;
    // the transfer's outcome, as the far end's NOTIFYs tell it (started before the REFER: they can come first)
    const outcome = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), TRANSFER_NOTIFY_WAIT_MS);
      this.onTransferOutcome = (s) => {
        clearTimeout(timer);
        resolve(s);
      };
    });
    let status = await this.leg.refer(to);
    if (status >= 200 && status < 300) {
      // accepted: hang up once the far end tells how its call went (a 2xx, or no word in time)
      const notified = await outcome;
      if (notified !== null && notified >= 300) status = notified;
    }
    this.transferring = false;
    this.onTransferOutcome = null;
    if (status >= 200 && status < 300) {
      this.endFromOutside({ kind: 'transfer', to, sipStatus: status });
      return true;
    }
    this.logger.warn({ callId: this.callId, sipStatus: status, msg: 'transfer refused; the call goes on' });
    await this.hooks.transferFailed(to, status);
    return false;
  }

  private endFromOutside(
    end:
      | { kind: 'complete'; reason: OutsideEnd }
      | { kind: 'fail'; reason: Failure }
      | { kind: 'transfer'; to: string; sipStatus: number },
  ): void {
    if (this.finished || this.endedBy) return;
    this.endedBy = end;
    if (end.kind === 'complete' && end.reason === 'customer-ended-call') this.leg?.abandon(); // their BYE ended it
    this.abort.abort();
  }

  private async finishConnected(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const session = this.session!;
    await this.line?.settled();
    const speechStart = this.line?.turns.find((t) => t.role === 'assistant');
    const media: CallMedia = {
      turns: this.line?.turns ?? [],
      channels: session.channels(),
      stats: session.stats(),
      firstAudioMs: speechStart ? Math.round(speechStart.startSec * 1000) - this.answeredAtMs : null,
    };
    this.teardown();
    const end = this.endedBy!;
    const step: CallEnd =
      end.kind === 'fail' ? { kind: 'fail', from: 'in_progress', reason: end.reason, stage: 'in-progress' } : end;
    await this.settle(step, media);
  }

  private teardown(): void {
    this.clearTimers();
    this.leg?.hangUp();
    this.session?.stop();
  }

  private async settle(step: CallEnd, media: CallMedia | null): Promise<void> {
    try {
      await this.hooks.ended(step, new Date(), media);
    } finally {
      this.resolveDone();
    }
  }

  private clearTimers(): void {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    if (this.maxTimer) clearTimeout(this.maxTimer);
  }
}
