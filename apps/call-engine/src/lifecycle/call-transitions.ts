import { Injectable, Logger } from '@nestjs/common';
import { EventPublisher, type AnsweredBy, type ApiCallStatus } from '@app/calls';
import { CallLifecycleRepository, type Step } from '@app/calls/lifecycle';
import type { Call, CallEvent } from '@app/db';
import { MetricsService } from '@app/ops';

/** The steps that move a live call: connecting it and ending it. */
export type MoveStep = Extract<Step, { kind: 'connect' | 'no-answer' | 'fail' | 'complete' }>;

/**
 * The one way a call's status moves, whoever decides it (the simulator's schedule, a SIP dialog):
 * the guarded transition with its event, then the metric, the log line and the hand-over to the
 * dispatcher. A move the row no longer allows (another engine got there first) writes nothing.
 */
@Injectable()
export class CallTransitions {
  private readonly logger = new Logger(CallTransitions.name);

  constructor(
    private readonly calls: CallLifecycleRepository,
    private readonly publisher: EventPublisher,
    private readonly metrics: MetricsService,
  ) {}

  async move(
    call: Call,
    step: MoveStep,
    now: Date,
    requestId?: string,
    answered?: AnsweredBy,
  ): Promise<CallEvent | null> {
    const event = await this.write(call, step, now, answered);
    const rid = requestId ?? call.requestId ?? undefined;
    if (!event) {
      this.logger.log({
        requestId: rid,
        callId: call.id,
        step: step.kind,
        msg: 'step refused: the call changed meanwhile (another engine got there first)',
      });
      return null;
    }
    await this.record([event], rid);
    return event;
  }

  /** Counts, logs and publishes events written elsewhere (media, an inbound call's start). */
  async record(events: CallEvent[], requestId?: string): Promise<void> {
    for (const event of events) {
      this.countTransition(event);
      this.logger.log({
        requestId,
        callId: event.callId,
        event: event.type,
        sequence: event.sequence,
        msg: `call ${event.callId}: ${event.type}`,
      });
    }
    await this.publisher.publish(events, requestId);
  }

  private write(call: Call, step: MoveStep, now: Date, answered?: AnsweredBy): Promise<CallEvent | null> {
    const endedAt = now;
    const durationSec = call.connectedAt
      ? Math.max(0, Math.round((now.getTime() - call.connectedAt.getTime()) / 1000))
      : 0;
    switch (step.kind) {
      case 'connect':
        return this.calls.transition(
          call,
          { from: 'ringing', to: 'in_progress', patch: { connectedAt: now, answeredBy: answered } },
          'call.connected',
          { connectedAt: now.toISOString() },
          now,
        );
      case 'no-answer':
        return this.calls.transition(
          call,
          { from: 'ringing', to: 'no_answer', patch: { endedAt, durationSec: 0, endedReason: 'no-answer' } },
          'call.failed',
          { endedReason: 'no-answer', stage: 'ringing', durationSec: 0 },
          now,
        );
      case 'fail':
        return this.calls.transition(
          call,
          { from: step.from, to: 'failed', patch: { endedAt, durationSec, endedReason: step.reason } },
          'call.failed',
          { endedReason: step.reason, stage: step.stage, durationSec },
          now,
        );
      case 'complete':
        if (call.status !== 'ringing' && call.status !== 'in_progress') return Promise.resolve(null);
        return this.calls.transition(
          call,
          { from: call.status, to: 'completed', patch: { endedAt, durationSec, endedReason: step.reason } },
          'call.completed',
          {
            durationSec,
            endedReason: step.reason,
            language: call.language,
            answeredBy: (call.answeredBy as AnsweredBy | null) ?? null,
          },
          now,
        );
    }
  }

  private countTransition(event: CallEvent): void {
    const data = event.data as { endedReason?: string };
    const reached: Partial<Record<string, ApiCallStatus>> = {
      'call.connected': 'in-progress',
      'call.completed': 'completed',
      'call.failed': data.endedReason === 'no-answer' ? 'no-answer' : 'failed',
    };
    const status = reached[event.type];
    if (status) this.metrics.callTransitions.inc({ status, ended_reason: data.endedReason ?? '' });
  }
}
