/**
 * Test numbers of the default telephony provider, the deterministic simulator (README
 * "Simulated telephony"). Every other valid number connects, plays the conversation, completes.
 */
export const SIMULATOR_NUMBERS = {
  noAnswer: '+15005550001',
  busy: '+15005550002',
  dropsMidCall: '+15005550003',
  unreachable: '+15005550004',
} as const;
