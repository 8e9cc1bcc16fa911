import { turnsUntil, type Conversation } from './conversation';
import { nextStep, type CallState } from './next-step';
import type { DialPlan } from '@app/telephony';

const t0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const answers: DialPlan = { answer: 'answers', afterMs: 2000, dropsMidCall: false };
// "Hello there", then the caller's "Hi" and their hang-up, at 100 ms a word and 50 ms between turns
const conversation: Conversation = {
  turns: [
    { role: 'assistant', text: 'Hello there', startSec: 0, endSec: 0.2 },
    { role: 'customer', text: 'Hi', startSec: 0.25, endSec: 0.35 },
  ],
  totalMs: 350,
  endedBy: 'customer',
};
const call = (over: Partial<CallState> = {}): CallState => ({
  status: 'ringing',
  createdAt: t0,
  connectedAt: null,
  endRequestedAt: null,
  transcriptReady: false,
  recordingReady: false,
  toolsRunAt: null,
  transferTo: null,
  ...over,
});

describe("a call's next step, from its row alone", () => {
  it('connects an answering number when ringing ends', () => {
    expect(nextStep(call(), answers, conversation, 600, t0)).toEqual({ at: at(2000), step: { kind: 'connect' } });
  });

  it.each([
    ['no-answer', { kind: 'no-answer' }],
    ['busy', { kind: 'fail', from: 'ringing', reason: 'busy', stage: 'ringing' }],
    ['unreachable', { kind: 'fail', from: 'ringing', reason: 'unreachable', stage: 'ringing' }],
    // An inbound caller who gives up before the assistant answers.
    ['hangs-up', { kind: 'fail', from: 'ringing', reason: 'customer-ended-call', stage: 'ringing' }],
  ] as const)('ends a %s dial when ringing ends', (answer, step) => {
    expect(nextStep(call(), { ...answers, answer }, conversation, 600, t0)).toEqual({ at: at(2000), step });
  });

  it('completes a connected call when its conversation ends, by whoever hung up', () => {
    const live = call({ status: 'in_progress', connectedAt: at(2000) });
    expect(nextStep(live, answers, conversation, 600, t0)).toEqual({
      at: at(2000 + conversation.totalMs),
      step: { kind: 'complete', reason: 'customer-ended-call' },
    });
  });

  it('cuts the call at maxDurationSec, and drops it halfway for a failing line', () => {
    const live = call({ status: 'in_progress', connectedAt: at(2000) });
    expect(nextStep(live, answers, conversation, 0.1, t0)?.step).toEqual({
      kind: 'complete',
      reason: 'max-duration-reached',
    });
    expect(nextStep(live, { ...answers, dropsMidCall: true }, conversation, 600, t0)).toEqual({
      at: at(2000 + Math.floor(conversation.totalMs / 2)),
      step: { kind: 'fail', from: 'in_progress', reason: 'carrier-error', stage: 'in-progress' },
    });
  });

  it('honours a hang-up request at once, in any live state', () => {
    for (const status of ['ringing', 'in_progress'] as const) {
      expect(nextStep(call({ status, endRequestedAt: t0 }), answers, conversation, 600, at(5))).toEqual({
        at: at(5),
        step: { kind: 'complete', reason: 'api-ended-call' },
      });
    }
  });

  it('runs tools first, and waits for running tools before ending the call', () => {
    const live = call({ status: 'in_progress', connectedAt: t0 });
    expect(nextStep(live, answers, conversation, 600, t0, { has: true, busyUntil: null })?.step).toEqual({
      kind: 'run-tools',
    });
    const running = call({ status: 'in_progress', connectedAt: t0, toolsRunAt: t0 });
    const busyUntil = at(60_000);
    expect(nextStep(running, answers, conversation, 600, t0, { has: true, busyUntil })?.at).toEqual(busyUntil);
  });

  it('stores transcript then recording after a connected call ended; nothing for one that never connected', () => {
    const ended = call({ status: 'completed', connectedAt: t0 });
    expect(nextStep(ended, answers, conversation, 600, t0)?.step).toEqual({ kind: 'store-transcript' });
    const withTranscript = { ...ended, transcriptReady: true };
    expect(nextStep(withTranscript, answers, conversation, 600, t0)?.step).toEqual({ kind: 'store-recording' });
    expect(nextStep({ ...withTranscript, recordingReady: true }, answers, conversation, 600, t0)).toBeNull();
    expect(nextStep(call({ status: 'failed' }), answers, conversation, 600, t0)).toBeNull();
  });
});

describe('the conversation a connected call plays', () => {
  it('times each turn by its words, with gaps between turns', () => {
    expect(conversation.turns).toEqual([
      { role: 'assistant', text: 'Hello there', startSec: 0, endSec: 0.2 },
      { role: 'customer', text: 'Hi', startSec: 0.25, endSec: 0.35 },
    ]);
    expect(conversation).toMatchObject({ totalMs: 350, endedBy: 'customer' });
  });

  it('keeps the turns spoken before an early end, the last one clipped', () => {
    expect(turnsUntil(conversation, 300)).toEqual([
      conversation.turns[0],
      { role: 'customer', text: 'Hi', startSec: 0.25, endSec: 0.3 },
    ]);
  });

  it('transfers a connected call when a transfer is asked for, and at the end of a script that transfers', () => {
    const live = call({ status: 'in_progress', connectedAt: at(2000) });
    expect(nextStep({ ...live, transferTo: '+14155550199' }, answers, conversation, 600, at(2100))).toEqual({
      at: at(2100),
      step: { kind: 'transfer', to: '+14155550199' },
    });
    const transferring: Conversation = {
      turns: [{ role: 'assistant', text: 'One moment', startSec: 0, endSec: 0.2 }],
      totalMs: 200,
      endedBy: 'assistant',
      transferTo: '+14155550188',
    };
    expect(nextStep(live, answers, transferring, 600, at(2100))).toEqual({
      at: at(2000 + transferring.totalMs),
      step: { kind: 'transfer', to: '+14155550188' },
    });
  });
});
