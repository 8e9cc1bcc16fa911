import { Injectable } from '@nestjs/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppConfig } from '@app/platform';
import { SIMULATOR_NUMBER_RANGE, SIMULATOR_NUMBERS } from './simulator-numbers';
import type { CallEnds, DialPlan, NumberRequest, TelephonyProvider } from './telephony-provider';

/** The default provider: deterministic outcomes by the far end's number, at the configured pace. */
@Injectable()
export class SimulatedTelephony implements TelephonyProvider {
  readonly simulated = true;

  constructor(private readonly config: AppConfig) {}

  planOf(call: CallEnds): DialPlan {
    return call.direction === 'inbound' ? this.callerPlan(call.from) : this.calleePlan(call.to);
  }

  availableNumbers(request: NumberRequest): { numbers: string[] } | { problem: string } {
    const { countries, defaultAreaCode, line, size } = SIMULATOR_NUMBER_RANGE;
    const country = (request.country ?? 'US').toUpperCase();
    if (!countries.includes(country)) {
      const offered = countries.join(' and ');
      return { problem: `The simulator provisions numbers in ${offered}; import numbers of ${country} with "number".` };
    }
    const areaCode = request.areaCode ?? defaultAreaCode[country];
    const first = parsePhoneNumberFromString(line(areaCode, 0));
    if (!/^\d{3}$/.test(areaCode) || !first?.isValid() || first.country !== country) {
      return { problem: `areaCode ${areaCode} is not an area code of ${country}.` };
    }
    return { numbers: Array.from({ length: size }, (_, n) => line(areaCode, n)) };
  }

  private calleePlan(to: string): DialPlan {
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
      case SIMULATOR_NUMBERS.answeringMachine:
        return { answer: 'answers', afterMs: ring, dropsMidCall: false, machine: true };
      default:
        return { answer: 'answers', afterMs: ring, dropsMidCall: false };
    }
  }

  /** The assistant picks up after SIM_RING_MS; this caller hangs up at half of it. */
  private callerPlan(from: string | null): DialPlan {
    const ring = this.config.SIM_RING_MS;
    switch (from) {
      case SIMULATOR_NUMBERS.hangsUpWhileRinging:
        return { answer: 'hangs-up', afterMs: Math.floor(ring / 2), dropsMidCall: false };
      case SIMULATOR_NUMBERS.dropsMidCall:
        return { answer: 'answers', afterMs: ring, dropsMidCall: true };
      default:
        return { answer: 'answers', afterMs: ring, dropsMidCall: false };
    }
  }
}
