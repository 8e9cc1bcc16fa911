import { Injectable, Logger } from '@nestjs/common';
import { CallLifecycleRepository } from '@app/calls/lifecycle';
import type { Call, CallEvent } from '@app/db';
import { AppConfig } from '@app/platform';
import { NumbersRepository } from '@app/telephony';
import { AssistantRequest } from './assistant-request';

/** What choosing led to: the events it wrote, or when to look again (another engine is asking). */
export type ChooseOutcome = { events: CallEvent[] } | { retryAt: Date };

/**
 * Chooses the assistant of a ringing inbound call (README "Choosing the assistant per call"): the
 * number's assistantRequestUrl when it has one, else (or when that fails or names no assistant of
 * the workspace) the number's agentId; with neither the call fails. One engine asks at a time; a
 * crashed engine's claim runs out and another asks again with the same deliveryId.
 */
@Injectable()
export class AssistantChooser {
  private readonly logger = new Logger(AssistantChooser.name);

  constructor(
    private readonly calls: CallLifecycleRepository,
    private readonly numbers: NumbersRepository,
    private readonly request: AssistantRequest,
    private readonly config: AppConfig,
  ) {}

  async choose(call: Call): Promise<ChooseOutcome> {
    const now = new Date();
    const claimMs = this.config.ASSISTANT_REQUEST_TIMEOUT_MS + 2000;
    if (!(await this.calls.claimAssistantRequest(call.id, now, new Date(now.getTime() - claimMs)))) {
      return { retryAt: new Date((call.assistantRequestedAt ?? now).getTime() + claimMs) };
    }
    const number = call.numberId ? await this.numbers.findById(call.numberId) : null;
    const url = number?.assistantRequestUrl;
    const choice = number && url ? await this.request.ask(call, { ...number, assistantRequestUrl: url }) : null;
    if (choice === 'reject') return { events: await this.calls.refuseInbound(call, 'rejected', new Date()) };
    if (choice) {
      const started = await this.calls.assignAssistant(call, choice.agentId, choice.metadata, new Date());
      if (started) return { events: [started] };
      this.logger.warn({
        callId: call.id,
        agentId: choice.agentId,
        msg: 'assistant request named no assistant of ours',
      });
    }
    if (number?.assistantId) {
      const started = await this.calls.assignAssistant(call, number.assistantId, null, new Date());
      if (started) return { events: [started] };
    }
    const reason = url ? 'assistant-request-failed' : 'no-assistant';
    return { events: await this.calls.refuseInbound(call, reason, new Date()) };
  }
}
