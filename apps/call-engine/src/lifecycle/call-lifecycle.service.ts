import { Inject, Injectable } from '@nestjs/common';
import { storedToolServers } from '@app/assistants';
import { EventPublisher, RecordingStorage } from '@app/calls';
import {
  buildConversation,
  buildVoicemailConversation,
  CallLifecycleRepository,
  nextStep,
  toolSteps,
  turnsUntil,
  type Conversation,
  type Step,
  type ToolTurnResult,
} from '@app/calls/lifecycle';
import type { CallEvent } from '@app/db';
import { MetricsService } from '@app/ops';
import { AppConfig } from '@app/platform';
import { JobQueues } from '@app/queues';
import { TELEPHONY_PROVIDER, type DialPlan, type TelephonyProvider } from '@app/telephony';
import { AssistantChooser } from '../inbound/assistant-chooser';
import { Speech } from '../media/speech';
import { renderRecording } from '../media/wav';
import { SipCalls } from '../sip/sip-calls';
import { McpToolRunner, toolRunBudgetMs } from '../tools/mcp-tool-runner';
import { CallTransitions } from './call-transitions';
import type { LoadedCall } from './loaded-call';

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
    private readonly tools: McpToolRunner,
    private readonly metrics: MetricsService,
    private readonly speech: Speech,
    private readonly chooser: AssistantChooser,
    @Inject(TELEPHONY_PROVIDER) private readonly telephony: TelephonyProvider,
    private readonly transitions: CallTransitions,
    private readonly sipCalls: SipCalls,
  ) {}

  /** A new call: hand over the call.started event the gateway wrote, then drive the call. */
  async dial(callId: string, requestId?: string): Promise<void> {
    await this.publisher.publish(await this.calls.findUnpublishedEventsOfCall(callId), requestId);
    await this.advance(callId, requestId);
  }

  async advance(callId: string, requestId?: string): Promise<void> {
    // Each applied step moves the call forward, so this ends after at most a handful of rounds.
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
          await this.jobs.add('advance-call', { callId, step: 'choose-assistant', at, requestId: rid });
          return;
        }
        await this.transitions.record(chosen.events, rid);
        continue;
      }
      const loaded: LoadedCall = { ...call, assistant: call.assistant };
      // A call on a SIP trunk is driven by its dialog, not by a schedule.
      if (call.trunkId) return this.sipCalls.advance(loaded, requestId);
      const { assistant } = loaded;
      const conversation = this.conversationOf(loaded);
      const now = new Date();
      // A machine's greeting gets no tool steps: the script is for a person.
      const steps = loaded.answeredBy === 'machine' ? [] : toolSteps(assistant.script);
      const servers = storedToolServers(assistant.tools);
      const busyUntil =
        call.toolsRunAt && call.toolResults === null
          ? new Date(call.toolsRunAt.getTime() + toolRunBudgetMs(steps, servers))
          : null;
      const plan = this.telephony.planOf(call);
      const next = nextStep(call, plan, conversation, assistant.maxDurationSec, now, {
        has: steps.length > 0,
        busyUntil,
      });
      if (!next) return;
      if (next.step.kind === 'run-tools') {
        if (await this.calls.claimToolRun(call.id, now)) {
          const outcomes = await this.tools.run(call.id, steps, servers);
          await this.calls.storeToolResults(call.id, outcomes as object[]);
        }
        continue;
      }
      if (next.at.getTime() > now.getTime()) {
        const wakeUp = { callId, step: next.step.kind, at: next.at.getTime() };
        await this.jobs.add('advance-call', { ...wakeUp, requestId: requestId ?? call.requestId ?? undefined });
        return;
      }
      const rid = requestId ?? call.requestId ?? undefined;
      this.metrics.callStepLag.observe({ step: next.step.kind }, (now.getTime() - next.at.getTime()) / 1000);
      await this.apply(loaded, next.step, conversation, now, rid, answeredBy(assistant.voicemail, plan));
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
      case 'connect':
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
        const event = await this.calls.storeTranscript(call, turns as object[], text, now);
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

  private conversationOf(call: LoadedCall): Conversation {
    const pace = { msPerWord: this.config.SIM_MS_PER_WORD, turnGapMs: this.config.SIM_TURN_GAP_MS };
    if (call.answeredBy === 'machine') return buildVoicemailConversation(call.assistant, pace);
    return buildConversation(call.assistant, pace, (call.toolResults ?? []) as ToolTurnResult[]);
  }
}

/** Who answered, as the call records it: known only to an assistant that detects voicemail. */
function answeredBy(voicemail: unknown, plan: DialPlan): 'human' | 'machine' | undefined {
  if (!(voicemail as { detect?: boolean } | null)?.detect) return undefined;
  return plan.machine ? 'machine' : 'human';
}
