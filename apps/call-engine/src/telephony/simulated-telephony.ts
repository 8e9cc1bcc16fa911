import { Injectable } from '@nestjs/common';
import { SIMULATOR_NUMBERS } from '@app/calls';
import { AppConfig } from '@app/platform';
import type { DialPlan, TelephonyProvider } from '@app/calls/lifecycle';

/** The default provider: deterministic outcomes by destination, at the configured pace. */
@Injectable()
export class SimulatedTelephony implements TelephonyProvider {
  constructor(private readonly config: AppConfig) {}

  dialPlan(to: string): DialPlan {
    const ring = this.config.SIM_RING_MS;
    switch (to) {
      case SIMULATOR_NUMBERS.noAnswer:
        return { answer: 'no-answer', afterMs: this.config.SIM_RING_TIMEOUT_MS, dropsMidCall: false };
      case SIMULATOR_NUMBERS.busy:
        return { answer: 'busy', afterMs: ring, dropsMidCall: false };
      case SIMULATOR_NUMBERS.unreachable:
        return { answer: 'unreachable', afterMs: ring, dropsMidCall: false };
      case SIMULATOR_NUMBERS.dropsMidCall:
        return { answer: 'answers', afterMs: ring, dropsMidCall: true };
      default:
        return { answer: 'answers', afterMs: ring, dropsMidCall: false };
    }
  }
}
