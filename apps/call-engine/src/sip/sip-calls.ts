import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DEEPGRAM_URL, openTranscriber, type ListeningSetting, type VoicemailSetting } from '@app/assistants';
import { LiveTranscripts, RecordingStorage, type AnsweredBy, type EndedReason, type LiveTurn } from '@app/calls';
import { CallLifecycleRepository } from '@app/calls/lifecycle';
import { MetricsService } from '@app/ops';
import { AppConfig, SecretBox } from '@app/platform';
import { isBlockedLiteral, outboundAgent } from '@app/platform/http';
import { SipTrunksRepository } from '@app/telephony';
import { JobQueues } from '@app/queues';
import { CallTransitions, type MoveStep } from '../lifecycle/call-transitions';
import type { LoadedCall } from '../lifecycle/loaded-call';
import { FrameClock } from '../media/frame-clock';
import { deepgramTurn } from '../media/hosted-recogniser';
import { Speech, type Voice } from '../media/speech';
import { Transcriber } from '../media/transcriber';
import { stereoWav } from '../media/wav';
import { Brains, type CallBrain } from '../conversation/brains';
import { owesAnalysis } from '../conversation/call-analyst';
import { SipCall, type CallEnd, type CallMedia } from './sip-call';
import type { InboundLeg } from './inbound-leg';
import type { WebLeg } from '../web/web-leg';
import { SipStack } from './sip-stack';
import type { Listening, VoiceTurn } from '../conversation/voice-line';

/** A call that is ringing or in progress: the calls an engine carries. */
type LiveCall = LoadedCall & { status: 'ringing' | 'in_progress' };
const isLive = (call: LoadedCall): call is LiveCall => call.status === 'ringing' || call.status === 'in_progress';

/** The caller's speech over the assistant that stops it, unless the assistant says otherwise. */
const DEFAULT_BARGE_IN_MS = 100;
/** A lease this many renewals old belongs to an engine that is gone. */
const LEASE_LIFETIMES = 5;
/** How long a stopping engine gives its calls to hang up and store their media. */
const SHUTDOWN_GRACE_MS = 5000;

/**
 * Calls over SIP trunks on this engine. A call's dialog and media live in the engine that placed
 * it, which holds a lease on the row (renewed every SIP_LEASE_MS, answering API ends on the way);
 * the lifecycle hands every trunk call here (advance), and a call whose engine's lease ran out is
 * ended as engine-lost by whichever engine looks at it next.
 */
@Injectable()
export class SipCalls implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SipCalls.name);
  /** This engine process, as leases name it (a restarted engine is another engine). */
  readonly engineId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly live = new LiveCalls((n) => this.metrics.sipCallsLive.set(n));
  /** Calls being placed right now (between the first look at the row and the claim). */
  private readonly placing = new Set<string>();
  /** Inbound and web calls ringing here while their assistant is chosen (answered by advance once it is). */
  private readonly ringingInbound = new Map<string, InboundLeg | WebLeg>();
  /** Calls held here that this engine did not track when advance looked, and since when. */
  private readonly untracked = new Map<string, number>();
  /** Set by SipInbound: drives a ringing inbound call whose assistant another engine chose. */
  onInboundReady: ((callId: string) => Promise<void>) | null = null;
  private readonly clock = new FrameClock();
  private leaseTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly stack: SipStack,
    private readonly calls: CallLifecycleRepository,
    private readonly transitions: CallTransitions,
    private readonly trunks: SipTrunksRepository,
    private readonly secrets: SecretBox,
    private readonly speech: Speech,
    private readonly storage: RecordingStorage,
    private readonly brains: Brains,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly transcriber: Transcriber,
    private readonly jobs: JobQueues,
    private readonly liveTranscripts: LiveTranscripts,
  ) {}

  async onModuleInit(): Promise<void> {
    // the speech decoders load before the engine takes calls: loading them (a second of CPU per
    // process) beside a call delayed its first words. Without SIP only web calls need them: the
    // first one loads them.
    if (this.config.SIP_PORT !== 0) await this.transcriber.warmUp();
    const renew = () => {
      this.leaseTimer = setTimeout(() => void this.renewLeases().finally(renew), this.config.SIP_LEASE_MS);
    };
    renew();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    this.leaseTimer = null;
    const calls = [...this.live.values()];
    calls.forEach((c) => c.endForEngine());
    const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.all(calls.map((c) => c.finishedPromise)), grace]);
  }

  /** The lifecycle's step for a trunk call: place it, pass on an API end, or end an orphan. */
  async advance(call: LoadedCall, requestId?: string): Promise<void> {
    const inbound = this.ringingInbound.get(call.id);
    if (inbound) {
      this.ringingInbound.delete(call.id);
      return this.answer(call, inbound, requestId);
    }
    const local = this.live.get(call.id);
    if (local) {
      if (call.endRequestedAt) local.endByApi();
      else if (call.transferTo) void local.transfer(call.transferTo);
      return;
    }
    if (this.placing.has(call.id)) return;
    if (!isLive(call)) return;
    // Held here and not tracked: judging it by its lease failed inbound calls between their admission
    // (which names this engine) and ringInbound whenever the commit took longer than a lease.
    if (call.sipEngine === this.engineId) return this.heldButUntracked(call, requestId);
    const now = new Date();
    if (!call.sipEngine && call.direction === 'inbound') {
      // admission names the engine an INVITE reached: an inbound row without one predates that
      const step: MoveStep = { kind: 'fail', from: call.status, reason: 'engine-lost', stage: 'ringing' };
      await this.transitions.move(call, step, now, requestId);
      return;
    }
    if (!call.sipEngine) {
      if (call.endRequestedAt) {
        await this.transitions.move(call, { kind: 'complete', reason: 'api-ended-call' }, now, requestId);
        return;
      }
      return this.place(call, requestId);
    }
    const leaseEnds = (call.sipSeenAt?.getTime() ?? 0) + LEASE_LIFETIMES * this.config.SIP_LEASE_MS;
    if (now.getTime() < leaseEnds) return; // another engine holds it
    this.logger.warn({ callId: call.id, engine: call.sipEngine, msg: 'the engine holding the call is gone' });
    await this.endAsLost(call, now, requestId);
  }

  /** A live call no engine carries any more: failed as engine-lost, at the stage it had reached. */
  private async endAsLost(call: LiveCall, now: Date, requestId?: string): Promise<void> {
    const stage = call.status === 'ringing' ? 'ringing' : 'in-progress';
    const step: MoveStep = { kind: 'fail', from: call.status, reason: 'engine-lost', stage };
    await this.transitions.move(call, step, now, requestId);
  }

  /**
   * A call this engine holds but does not track: an inbound call between its admission and
   * ringInbound (an instant), or one it lost track of, whose row would otherwise stay live, holding
   * its live-call slot, for as long as this engine lives. Seen so again after 5 leases, with no
   * renewal in between finding it tracked, it ends as engine-lost.
   */
  private async heldButUntracked(call: LiveCall, requestId?: string): Promise<void> {
    const now = Date.now();
    const since = this.untracked.get(call.id);
    if (since === undefined) {
      this.untracked.set(call.id, now);
      return;
    }
    if (now - since < LEASE_LIFETIMES * this.config.SIP_LEASE_MS) return;
    this.untracked.delete(call.id);
    this.logger.warn({ callId: call.id, msg: 'a call held here but not tracked for 5 leases ends as engine-lost' });
    await this.endAsLost(call, new Date(now), requestId);
  }

  private async place(call: LoadedCall, requestId?: string): Promise<void> {
    // a dial job and a reconciler pass may both get here: the first one places the call
    if (this.placing.has(call.id)) return;
    this.placing.add(call.id);
    try {
      await this.placeOnce(call, requestId);
    } finally {
      this.placing.delete(call.id);
    }
  }

  private async placeOnce(call: LoadedCall, requestId?: string): Promise<void> {
    const rid = requestId ?? call.requestId ?? undefined;
    const trunk = call.trunkId ? await this.trunks.find(call.workspaceId, call.trunkId) : null;
    if (!this.stack.enabled || !trunk) {
      const why = trunk ? 'SIP is off on this engine (SIP_PORT=0)' : 'its SIP trunk was removed';
      this.logger.error({ requestId: rid, callId: call.id, msg: `cannot place the call: ${why}` });
      const step: MoveStep = { kind: 'fail', from: 'ringing', reason: 'carrier-error', stage: 'ringing' };
      await this.transitions.move(call, step, new Date(), rid);
      return;
    }
    const sipCall = this.sipCall(call, rid);
    // Known here before the claim, so a reconciler pass meanwhile does not take it for an orphan.
    this.live.set(call.id, sipCall);
    if (!(await this.calls.claimSipCall(call.id, this.engineId, new Date()))) {
      if (this.live.get(call.id) === sipCall) this.live.delete(call.id);
      return;
    }
    void sipCall.finishedPromise.finally(() => this.live.delete(call.id));
    const route = {
      host: trunk.host,
      port: trunk.port,
      transport: trunk.transport,
      username: trunk.username,
      password: trunk.passwordEnc ? this.secrets.open(trunk.passwordEnc) : null,
    };
    try {
      await sipCall.dial(route, { to: call.to, from: call.from });
    } catch (e) {
      this.logger.error({ requestId: rid, callId: call.id, err: (e as Error).message, msg: 'cannot place the call' });
      this.live.delete(call.id);
      const step: MoveStep = { kind: 'fail', from: 'ringing', reason: 'carrier-error', stage: 'ringing' };
      await this.transitions.move(call, step, new Date(), rid);
    }
  }

  /** An inbound or web call rang here and its assistant is chosen: answer it. */
  private async answer(call: LoadedCall, leg: InboundLeg | WebLeg, requestId?: string): Promise<void> {
    const rid = requestId ?? call.requestId ?? undefined;
    if (call.status !== 'ringing') return leg.reject(480, 'Temporarily Unavailable');
    if (call.endRequestedAt) {
      leg.reject(480, 'Temporarily Unavailable');
      await this.transitions.move(call, { kind: 'complete', reason: 'api-ended-call' }, new Date(), rid);
      return;
    }
    const sipCall = this.sipCall(call, rid);
    this.live.set(call.id, sipCall);
    void sipCall.finishedPromise.finally(() => this.live.delete(call.id));
    await sipCall.answerInbound(leg);
  }

  /**
   * Takes a claimed inbound or web call's leg and rings it: it rings here until advance() answers
   * it; a caller who hangs up meanwhile ends the call.
   */
  ringInbound(callId: string, leg: InboundLeg | WebLeg): void {
    this.ringingInbound.set(callId, leg);
    leg.listen({
      ringing: () => undefined,
      answered: () => undefined,
      mediaChanged: () => undefined,
      farEndHungUp: () => undefined,
      digit: () => undefined,
      // the caller gave up while the assistant was being chosen
      failed: (outcome) => void this.callerGaveUp(callId, outcome.reason),
    });
    leg.ring();
  }

  /** Lets go of a ringing inbound call (the caller gave up, or it was refused). */
  dropInbound(callId: string): InboundLeg | WebLeg | undefined {
    const leg = this.ringingInbound.get(callId);
    this.ringingInbound.delete(callId);
    return leg;
  }

  /** The caller hung up while their call rang here (its assistant being chosen): it ends so. */
  async callerGaveUp(callId: string, reason: EndedReason): Promise<void> {
    if (!this.dropInbound(callId)) return;
    const call = await this.calls.findWithAssistant(callId);
    if (!call || call.status !== 'ringing') return;
    const step = { kind: 'fail', from: 'ringing', reason, stage: 'ringing' } as const;
    await this.transitions.move(call, step, new Date(), call.requestId ?? undefined);
  }

  private sipCall(call: LoadedCall, rid: string | undefined): SipCall {
    const brain = this.brains.forCall(call);
    const hosted = this.hostedRecogniser(call);
    const sipCall = new SipCall(
      call.id,
      this.stack,
      this.clock,
      {
        ringTimeoutMs: this.config.SIP_RING_TIMEOUT_MS,
        noResponseMs: this.config.SIP_NO_RESPONSE_TIMEOUT_MS,
        inactivityMs: this.config.RTP_INACTIVITY_TIMEOUT_MS,
        maxDurationMs: call.assistant.maxDurationSec * 1000,
        listening: this.listeningOf(call.assistant.listening),
        voicemail: voicemailOf(call),
        onSendInterval: (ms) => this.metrics.rtpSendIntervalError.observe(ms / 1000),
      },
      { ...this.hooks(call, brain, rid), ...(hosted ? { streamTurn: hosted.streamTurn } : {}) },
      brain,
    );
    void sipCall.finishedPromise.finally(() => Promise.all([brain.close(), hosted?.close()]));
    return sipCall;
  }

  private hooks(call: LoadedCall, brain: CallBrain, requestId?: string) {
    const voice = voiceOf(call.assistant.voice, this.config.TTS_VOICE);
    let connectedAt: Date | null = null;
    let answeredBy: AnsweredBy | null = null;
    return {
      speak: (text: string) => this.speech.speak(text, call.language, voice),
      recognise: (samples: Int16Array, phrases: string[]) => this.transcriber.recognise(samples, phrases),
      observeLatency: (ms: number) => this.metrics.voiceToVoice.observe(ms / 1000),
      // the live view is best effort: a turn Redis did not take is still in the stored transcript
      turn: (index: number, turn: VoiceTurn) =>
        void this.liveTranscripts.record(call.id, index, turn as LiveTurn).catch(() => undefined),
      runTool: (name: string, args: Record<string, unknown>) => brain.tools.call({ tool: name, arguments: args }),
      answeredBy: async (by: AnsweredBy) => {
        answeredBy = by;
        await this.calls.recordAnsweredBy(call.id, by);
      },
      connected: async (at: Date) => {
        connectedAt = at;
        return (await this.transitions.move(call, { kind: 'connect' }, at, requestId)) !== null;
      },
      ended: async (end: CallEnd, at: Date, media: CallMedia | null) => {
        const now = connectedAt ? { ...call, status: 'in_progress' as const, connectedAt, answeredBy } : call;
        if (end.kind === 'transfer') {
          const events = await this.calls.completeTransferred({ ...now, transferTo: end.to }, end.sipStatus, at);
          if (!events) return;
          await this.transitions.record(events, requestId);
        } else if (!(await this.transitions.move(now, end, at, requestId))) return;
        if (media) await this.storeMedia({ ...now, endedAt: at }, media, at, requestId);
      },
      transferFailed: async (to: string, sipStatus: number) => {
        const event = await this.calls.failTransfer(call, to, sipStatus, new Date());
        if (event) await this.transitions.record([event], requestId);
      },
    };
  }

  /** The assistant's hosted recogniser (README "Recognition"), through the SSRF guard; null: pocketsphinx. */
  private hostedRecogniser(call: LoadedCall) {
    const setting = openTranscriber(call.assistant.transcriber, this.secrets);
    if (!setting) return null;
    const url = setting.url ?? DEEPGRAM_URL;
    const allowPrivate = this.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    if (!allowPrivate && isBlockedLiteral(url.replace(/^ws/, 'http'))) return null;
    const dispatcher = outboundAgent(allowPrivate, 10_000);
    const settings = { url, apiKey: setting.apiKey, model: setting.model, language: call.language, dispatcher };
    return {
      streamTurn: (phrases: string[]) => deepgramTurn(settings, phrases),
      close: () => dispatcher.destroy().catch(() => undefined),
    };
  }

  /** The assistant's turn-taking, its unset fields the engine's defaults. */
  private listeningOf(setting: unknown): Listening {
    const own = (setting ?? {}) as Partial<ListeningSetting>;
    return {
      endOfTurnMs: own.endOfTurnSilenceMs ?? this.config.END_OF_TURN_SILENCE_MS,
      noSpeechMs: own.noSpeechTimeoutMs ?? this.config.NO_SPEECH_TIMEOUT_MS,
      bargeInMs: own.bargeIn === false ? null : (own.bargeInSpeechMs ?? DEFAULT_BARGE_IN_MS),
    };
  }

  /** The transcript of what happened and the two-channel recording of what was really said. */
  private async storeMedia(call: LoadedCall, media: CallMedia, at: Date, requestId?: string): Promise<void> {
    const { turns, channels, stats } = media;
    this.metrics.rtpPackets.inc({ kind: 'sent' }, stats.packetsSent);
    this.metrics.rtpPackets.inc({ kind: 'received' }, stats.packetsReceived);
    this.metrics.rtpPackets.inc({ kind: 'lost' }, stats.packetsLost);
    this.logger.log({ requestId, callId: call.id, ...stats, firstAudioMs: media.firstAudioMs, msg: 'call media' });
    const said = (t: (typeof turns)[number]) => (t.dtmf ? `[keys ${t.dtmf}]` : '(speech, not recognised)');
    const text = turns.map((t) => `${t.role}: ${t.text ?? said(t)}`).join('\n');
    const transcript = await this.calls.storeTranscript(call, turns as object[], text, at, owesAnalysis(call));
    const audio = stereoWav(...channels);
    const storageKey = `${call.workspaceId}/${call.id}.wav`;
    await this.storage.put(storageKey, audio);
    const durationSec = Math.round(channels[0].length / 8000);
    const recording = await this.calls.storeRecording(call, { storageKey, bytes: audio.length, durationSec }, at);
    await this.transitions.record(
      [transcript, recording].filter((e) => e !== null),
      requestId,
    );
    // its analysis next, on any engine (the reconciler finds it too)
    if (transcript && owesAnalysis(call)) {
      await this.jobs.add('after-call', { callId: call.id, step: 'analyse', at: Date.now(), requestId });
    }
  }

  /** Renews this engine's leases; ends calls a client asked to end and lets go of calls ended elsewhere. */
  private async renewLeases(): Promise<void> {
    if (this.live.size === 0 && this.ringingInbound.size === 0 && this.untracked.size === 0) return;
    // Only the legs ringing before the renewal are judged by its answer: one admitted while it ran
    // may be missing from it (committed after the UPDATE looked), and was once refused 480 here with
    // its row left ringing for good.
    const ringingBefore = [...this.ringingInbound];
    try {
      const rows = await this.calls.renewSipLeases(this.engineId, new Date());
      const held = new Map(rows.map((r) => [r.id, r]));
      for (const id of this.untracked.keys()) {
        if (!held.has(id) || this.live.has(id) || this.ringingInbound.has(id)) this.untracked.delete(id);
      }
      for (const [id, call] of this.live) {
        const row = held.get(id);
        if (row?.endRequestedAt) call.endByApi();
        else if (row?.transferTo) void call.transfer(row.transferTo);
      }
      // a ringing inbound call whose assistant another engine chose, or that ended meanwhile
      for (const [id, leg] of ringingBefore) {
        if (this.ringingInbound.get(id) !== leg) continue; // answered or dropped meanwhile
        const row = held.get(id);
        if (!row) {
          this.dropInbound(id);
          leg.reject(480, 'Temporarily Unavailable');
        } else if (row.assistantId || row.endRequestedAt) void this.onInboundReady?.(id);
      }
    } catch (e) {
      this.logger.warn({ err: (e as Error).message, msg: 'could not renew SIP call leases' });
    }
  }
}

/** The calls this engine holds, by id; every change reports the count (the sip_calls_live gauge). */
class LiveCalls extends Map<string, SipCall> {
  constructor(private readonly report: (size: number) => void) {
    super();
  }

  override set(id: string, call: SipCall): this {
    super.set(id, call);
    this.report?.(this.size);
    return this;
  }

  override delete(id: string): boolean {
    const deleted = super.delete(id);
    this.report(this.size);
    return deleted;
  }
}

/** The assistant's voice when it names one the engine has (flite:NAME or espeak-ng), else the engine's default. */
function voiceOf(own: string | null, fallback: string): Voice {
  const voice = own && (own === 'espeak-ng' || /^flite:[a-z0-9_]+$/.test(own)) ? own : fallback;
  return voice as Voice;
}

/** What a machine gets when the assistant detects voicemail: its message, or nothing (null: no detection). */
function voicemailOf(call: LoadedCall): { message: string | null } | null {
  const setting = call.assistant.voicemail as Partial<VoicemailSetting> | null;
  if (!setting?.detect) return null;
  if (setting.action !== 'leave-message') return { message: null };
  return { message: setting.message ?? `Hello, this is ${call.assistant.name}. Please call us back.` };
}
