import { Inject, Injectable } from '@nestjs/common';
import { storedToolServers } from '@app/assistants';
import { EventPublisher, LiveTranscripts, RecordingStorage, type LiveTurn } from '@app/calls';
import {
  buildVoicemailConversation,
  DEFAULT_EXCHANGE,
  CallLifecycleRepository,
  nextStep,
  toolSteps,
  turnsUntil,
  type Conversation,
  type Step,
  type ToolTurnResult,
} from '@app/calls/lifecycle';
import type { ScriptStep } from '@app/calls';
import type { CallEvent } from '@app/db';
import { MetricsService } from '@app/ops';
import { AppConfig } from '@app/platform';
import { AFTER_CALL_STEPS, JobQueues } from '@app/queues';
import { TELEPHONY_PROVIDER, type DialPlan, type TelephonyProvider } from '@app/telephony';
import { AssistantChooser } from '../inbound/assistant-chooser';
import { Speech } from '../media/speech';
import { renderRecording } from '../media/wav';
import { SipCalls } from '../sip/sip-calls';
import { Brains } from '../conversation/brains';
import { ANALYSIS_TIMEOUT_MS, CallAnalyst, owesAnalysis } from '../conversation/call-analyst';
import { scriptBrain } from '../conversation/script-brain';
import { SimulatedLine } from '../conversation/simulated-line';
import { toolRunBudgetMs, type ToolOutcome } from '../tools/mcp-tool-runner';
import { CallTransitions } from './call-transitions';
import type { LoadedCall } from './loaded-call';
import { WakeUps } from './wake-ups';

/**
 * Owns every state change of a call after creation (spec part 3). advance() is the one entry
 * point: it recomputes the call's next step from its row, applies it when due and schedules the
 * one after. Safe to run twice, late, or on two engines at once.
 */
@Injectable()
export class CallLifecycleService {
  constructor(
    private readonly calls: CallLifecycleRepository,
    private readonly jobs: JobQueues,
    private readonly publisher: EventPublisher,
    private readonly storage: RecordingStorage,
    private readonly config: AppConfig,
    private readonly brains: Brains,
    private readonly analyst: CallAnalyst,
    private readonly metrics: MetricsService,
    private readonly speech: Speech,
    private readonly chooser: AssistantChooser,
    @Inject(TELEPHONY_PROVIDER) private readonly telephony: TelephonyProvider,
    private readonly transitions: CallTransitions,
    private readonly sipCalls: SipCalls,
    private readonly wakeUps: WakeUps,
    private readonly liveTranscripts: LiveTranscripts,
  ) {}

  /** A new call: hand over the call.started event the gateway wrote, then drive the call. */
  async dial(callId: string, requestId?: string): Promise<void> {
    await this.publisher.publish(await this.calls.findUnpublishedEventsOfCall(callId), requestId);
    await this.advance(callId, requestId);
  }

  async advance(callId: string, requestId?: string): Promise<void> {
    // Each applied step moves the call forward, so this ends after at most a handful of rounds.
    let ended = false;
    for (let round = 0; round < 8; round++) {
      const call = await this.calls.findWithAssistant(callId);
      if (!call) return;
      if (!call.assistant) {
        // An inbound call rings before its assistant is chosen; nothing else happens to it until then.
        if (call.status !== 'ringing') return;
        const chosen = await this.chooser.choose(call);
        const rid = requestId ?? call.requestId ?? undefined;
        if ('retryAt' in chosen) {
          const at = chosen.retryAt.getTime();
          await this.wakeUps.schedule({ callId, step: 'choose-assistant', at, requestId: rid });
          return;
        }
        await this.transitions.record(chosen.events, rid);
        continue;
      }
      const loaded: LoadedCall = { ...call, assistant: call.assistant };
      // An ended call whose media is stored may still owe its post-call analysis (SIP and simulated alike).
      if (call.analysisDue && call.transcriptReady && call.recordingReady && !LIVE.includes(call.status)) {
        return this.analyse(loaded, requestId ?? call.requestId ?? undefined);
      }
      // A call on a SIP trunk is driven by its dialog, a web call by its socket, not by a schedule.
      if (call.trunkId || call.direction === 'web') return this.sipCalls.advance(loaded, requestId);
      const { assistant } = loaded;
      const conversation = await this.conversationOf(loaded);
      const now = new Date();
      // A machine's greeting gets no brain: the script is for a person.
      const runs = loaded.answeredBy !== 'machine' && this.runsAtConnect(loaded);
      const budgetMs = toolRunBudgetMs(toolSteps(assistant.script), storedToolServers(assistant.tools));
      const busyUntil =
        call.toolsRunAt && call.conversation === null && call.toolResults === null
          ? new Date(call.toolsRunAt.getTime() + budgetMs + (this.answers(loaded) ? ANSWERING_BUDGET_MS : 0))
          : null;
      const plan = this.telephony.planOf(call);
      const next = nextStep(call, plan, conversation, assistant.maxDurationSec, now, { has: runs, busyUntil });
      if (!next) return;
      if (next.step.kind === 'run-tools') {
        if (await this.calls.claimToolRun(call.id, now)) {
          const held = await this.holdConversation(loaded);
          await this.calls.storeConversation(call.id, held);
          if (call.connectedAt) this.scheduleLiveTranscript(call.id, call.connectedAt, held);
        }
        continue;
      }
      const rid = requestId ?? call.requestId ?? undefined;
      if (ended && AFTER_CALL_STEPS.includes(next.step.kind)) {
        // the call just ended: its transcript and recording go to the after-call queue, its own small concurrency
        await this.wakeUps.schedule({ callId, step: next.step.kind, at: next.at.getTime(), requestId: rid });
        return;
      }
      if (next.at.getTime() > now.getTime()) {
        await this.wakeUps.schedule({ callId, step: next.step.kind, at: next.at.getTime(), requestId: rid });
        return;
      }
      this.metrics.callStepLag.observe({ step: next.step.kind }, (now.getTime() - next.at.getTime()) / 1000);
      await this.apply(loaded, next.step, conversation, now, rid, answeredBy(assistant.voicemail, plan));
      ended = ENDING_STEPS.includes(next.step.kind);
    }
  }

  private async apply(
    call: LoadedCall,
    step: Step,
    conversation: Conversation,
    now: Date,
    requestId: string | undefined,
    answered?: 'human' | 'machine',
  ): Promise<void> {
    switch (step.kind) {
      case 'connect': {
        if (!(await this.transitions.move(call, step, now, requestId, answered))) return;
        // a machine gets the voicemail exchange, not the script for a person
        const said = answered === 'machine' ? buildVoicemailConversation(call.assistant, this.pace()) : conversation;
        this.scheduleLiveTranscript(call.id, now, said);
        return;
      }
      case 'no-answer':
      case 'fail':
      case 'complete':
        await this.transitions.move(call, step, now, requestId, answered);
        return;
      case 'transfer': {
        const events = await this.calls.completeTransferred({ ...call, transferTo: step.to }, null, now);
        if (events) await this.transitions.record(events, requestId);
        return;
      }
      case 'store-transcript': {
        const turns = this.spokenTurns(call, conversation);
        const text = turns.map((t) => `${t.role}: ${t.text}`).join('\n');
        const event = await this.calls.storeTranscript(call, turns as object[], text, now, owesAnalysis(call));
        if (event) await this.transitions.record([event], requestId);
        return;
      }
      case 'store-recording': {
        const event = await this.storeRecording(call, conversation, now);
        if (event) await this.transitions.record([event], requestId);
        return;
      }
    }
  }

  private async storeRecording(call: LoadedCall, conversation: Conversation, now: Date): Promise<CallEvent | null> {
    const durationSec = call.durationSec ?? 0;
    const turns = this.spokenTurns(call, conversation);
    const speech = await Promise.all(
      turns.map((t) => (t.role === 'tool' ? null : this.speech.speak(t.text, call.language))),
    );
    const audio = renderRecording(turns, durationSec, speech);
    const storageKey = `${call.workspaceId}/${call.id}.wav`;
    await this.storage.put(storageKey, audio);
    return this.calls.storeRecording(call, { storageKey, bytes: audio.length, durationSec }, now);
  }

  private spokenTurns(call: LoadedCall, conversation: Conversation) {
    const elapsed = call.connectedAt && call.endedAt ? call.endedAt.getTime() - call.connectedAt.getTime() : 0;
    return turnsUntil(conversation, elapsed);
  }

  /** A simulated call's timeline for the live transcript (best effort: the stored transcript is the record). */
  private scheduleLiveTranscript(callId: string, connectedAt: Date, conversation: Conversation): void {
    // not awaited: the call's next step never waits on Redis
    const turns = conversation.turns as LiveTurn[];
    this.liveTranscripts.schedule(callId, connectedAt, turns).catch(() => undefined);
  }

  /**
   * The conversation a connected simulated call plays: a machine's greeting; the one its brain held
   * (run once at connect: a model, your server, or a script with tools, which have side effects);
   * or a script without tools, played again on every look (pure: same call, same conversation).
   */
  private async conversationOf(call: LoadedCall): Promise<Conversation> {
    if (call.answeredBy === 'machine') return buildVoicemailConversation(call.assistant, this.pace());
    if (call.conversation) return call.conversation as unknown as Conversation;
    if (call.toolResults) return this.replayToolResults(call);
    // still being held (the placeholder has nothing to say: the schedule waits for the run)
    if (this.runsAtConnect(call)) return { turns: [], totalMs: 0, endedBy: 'assistant' };
    const line = new SimulatedLine(this.pace(), callerLinesOf(call), async (name, args) => notRun(name, args));
    return line.play(scriptBrain(firstMessageOf(call), stepsOf(call)));
  }

  /** The call's post-call analysis, by one engine; a crash leaves the claim to run out and the reconciler retries. */
  private async analyse(call: LoadedCall, requestId: string | undefined): Promise<void> {
    const now = new Date();
    const stale = new Date(now.getTime() - 4 * ANALYSIS_TIMEOUT_MS);
    if (!(await this.calls.claimAnalysis(call.id, now, stale))) return;
    const transcript = (await this.calls.transcriptText(call.id)) ?? '';
    const analysis = await this.analyst.analyse(call, transcript);
    const event = await this.calls.storeAnalysis(call, analysis, new Date());
    if (event) await this.transitions.record([event], requestId);
  }

  /** Runs the call's brain against the simulated caller, tools and all, once. */
  private async holdConversation(call: LoadedCall): Promise<Conversation> {
    const brain = this.brains.forCall(call);
    try {
      const line = new SimulatedLine(this.pace(), callerLinesOf(call), (name, args) =>
        brain.tools.call({ tool: name, arguments: args }),
      );
      return await line.play(brain.start());
    } finally {
      await brain.close();
    }
  }

  /** A call whose tools ran before conversations were stored: its script with the tools' recorded outcomes. */
  private replayToolResults(call: LoadedCall): Promise<Conversation> {
    const results = [...((call.toolResults ?? []) as ToolTurnResult[])];
    const line = new SimulatedLine(this.pace(), callerLinesOf(call), async (name, args) => {
      const done = results.shift();
      return done ? { name, arguments: args, server: null, latencyMs: 0, ...done } : notRun(name, args);
    });
    return line.play(scriptBrain(firstMessageOf(call), stepsOf(call)));
  }

  /** Whether the call's brain is run once at connect: it answers (a server, a model) or has tools to run. */
  private runsAtConnect(call: LoadedCall): boolean {
    return this.answers(call) || toolSteps(call.assistant.script).length > 0;
  }

  private answers(call: LoadedCall): boolean {
    const type = (call.assistant.brain as { type?: string } | null)?.type;
    return type === 'server' || type === 'openai';
  }

  private pace() {
    return { msPerWord: this.config.SIM_MS_PER_WORD, turnGapMs: this.config.SIM_TURN_GAP_MS };
  }
}

const LIVE = ['ringing', 'in_progress'];
const ENDING_STEPS: Step['kind'][] = ['no-answer', 'fail', 'complete', 'transfer'];

/** How long a simulated conversation with an answering brain may take to hold, besides its tools. */
const ANSWERING_BUDGET_MS = 120_000;

const firstMessageOf = (call: LoadedCall) => call.assistant.firstMessage ?? `Hello, this is ${call.assistant.name}.`;
/** The script a simulated call plays; without one, a short default exchange. */
const stepsOf = (call: LoadedCall): ScriptStep[] =>
  Array.isArray(call.assistant.script) && call.assistant.script.length > 0
    ? (call.assistant.script as ScriptStep[])
    : DEFAULT_EXCHANGE;
const callerLinesOf = (call: LoadedCall) => (call.simulatedCaller as { lines?: string[] } | null)?.lines ?? null;
const notRun = (name: string, args: Record<string, unknown>): ToolOutcome => ({
  name,
  arguments: args,
  server: null,
  latencyMs: 0,
  error: 'not run (the call ended before its tools ran)',
});

/** Who answered, as the call records it: known only to an assistant that detects voicemail. */
function answeredBy(voicemail: unknown, plan: DialPlan): 'human' | 'machine' | undefined {
  if (!(voicemail as { detect?: boolean } | null)?.detect) return undefined;
  return plan.machine ? 'machine' : 'human';
}
