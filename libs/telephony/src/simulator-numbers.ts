/**
 * Test numbers of the default telephony provider, the deterministic simulator (README
 * "Simulated telephony"). Dialled (outbound), every other valid number connects, plays the
 * conversation and completes; calling in (inbound), every other caller stays on the line.
 */
export const SIMULATOR_NUMBERS = {
  noAnswer: '+15005550001',
  busy: '+15005550002',
  /** Outbound: the callee's line drops mid-call. Inbound: the caller's line drops mid-call. */
  dropsMidCall: '+15005550003',
  unreachable: '+15005550004',
  /** Outbound: an answering machine picks up (a greeting, then a beep). */
  answeringMachine: '+15005550006',
  /** Inbound: the caller hangs up while the call is still ringing. */
  hangsUpWhileRinging: '+15005550005',
} as const;

/**
 * Where the simulator provisions numbers: the fictional 555-01XX lines of each North American area
 * code (US and CA), 100 per area code.
 */
export const SIMULATOR_NUMBER_RANGE = {
  countries: ['US', 'CA'],
  defaultAreaCode: { US: '415', CA: '613' } as Record<string, string>,
  line: (areaCode: string, n: number) => `+1${areaCode}55501${String(n).padStart(2, '0')}`,
  size: 100,
};
