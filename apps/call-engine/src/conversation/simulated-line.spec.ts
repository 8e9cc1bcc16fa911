import type { ScriptStep } from '@app/calls';
import { answeringBrain, type Answerer, type Reply } from './answering-brain';
import { scriptBrain } from './script-brain';
import { SimulatedLine } from './simulated-line';

const pace = { msPerWord: 100, turnGapMs: 50 };
const noTools = async (name: string, args: Record<string, unknown>) => ({
  name,
  arguments: args,
  server: null,
  latencyMs: 0,
  error: 'no tools here',
});

const yesNo: ScriptStep[] = [
  {
    hear: 'Can you come on Tuesday?',
    expect: [
      { phrases: ['yes', 'sure'], goto: 'booked' },
      { phrases: ['no'], goto: 'declined' },
    ],
    otherwise: 'declined',
  },
  { label: 'booked' },
  { say: 'Great, see you Tuesday.' },
  { hangup: 'assistant' },
  { label: 'declined' },
  { say: 'No problem, goodbye.' },
  { hangup: 'assistant' },
];

const said = (turns: { role: string; text: string }[]) => turns.map((t) => `${t.role}: ${t.text}`);

describe('a simulated call through the conversation runtime', () => {
  it("takes a script's branches from the simulated caller's lines", async () => {
    const play = (lines: string[] | null) =>
      new SimulatedLine(pace, lines, noTools).play(scriptBrain('Hi, this is Ada.', yesNo));
    expect(said((await play(['Yes, that works.'])).turns)).toEqual([
      'assistant: Hi, this is Ada.',
      'customer: Yes, that works.',
      'assistant: Great, see you Tuesday.',
    ]);
    expect((await play(['no, sorry'])).turns[2].text).toBe('No problem, goodbye.');
    // without lines the caller says the hear step's text (which matches no phrase here)
    expect((await play(null)).turns.map((t) => t.text)).toEqual([
      'Hi, this is Ada.',
      'Can you come on Tuesday?',
      'No problem, goodbye.',
    ]);
  });

  it('times turns at the pace; a caller who runs out of lines hangs up', async () => {
    const conversation = await new SimulatedLine(pace, [], noTools).play(scriptBrain('Hello there', yesNo));
    expect(conversation).toEqual({
      turns: [{ role: 'assistant', text: 'Hello there', startSec: 0, endSec: 0.2 }],
      totalMs: 200,
      endedBy: 'customer',
    });
  });

  it('shows a tool step with its outcome, and ends at a transfer', async () => {
    const steps: ScriptStep[] = [
      { tool: 'crm.lookup', arguments: { id: 1 } },
      { transfer: '+14155550188' },
      { say: 'never said' },
    ];
    const conversation = await new SimulatedLine(pace, null, noTools).play(scriptBrain('One moment', steps));
    expect(conversation.turns[1]).toMatchObject({ role: 'tool', tool: { name: 'crm.lookup', error: 'no tools here' } });
    expect(conversation.turns.map((t) => t.text)).not.toContain('never said');
    expect(conversation).toMatchObject({ endedBy: 'assistant', transferTo: '+14155550188' });
  });

  it('an answering brain speaks, calls functions with their results sent back, and ends the call', async () => {
    const seen: unknown[][] = [];
    const replies: Reply[][] = [
      [{ say: 'Let me check.' }, { call: { id: 'c1', name: 'crm.lookup', arguments: { id: 7 } } }],
      [{ say: 'You are booked.' }],
      [{ say: 'Goodbye!' }, { call: { id: 'c2', name: 'endCall', arguments: {} } }],
    ];
    const answerer: Answerer = {
      async *answer(history) {
        seen.push(history.map((e) => ({ ...e })));
        yield* replies.shift() ?? [];
      },
    };
    const brain = answeringBrain(answerer, { firstMessage: 'Hi!', timeoutMs: 1000, fallbackLine: 'Sorry.' });
    const conversation = await new SimulatedLine(pace, ['Book me in', 'Thanks'], noTools).play(brain);
    expect(said(conversation.turns)).toEqual([
      'assistant: Hi!',
      'customer: Book me in',
      'assistant: Let me check.',
      'tool: crm.lookup failed: no tools here',
      'assistant: You are booked.',
      'customer: Thanks',
      'assistant: Goodbye!',
    ]);
    expect(conversation.endedBy).toBe('assistant');
    expect(seen[1].at(-1)).toMatchObject({ role: 'tool', call: { name: 'crm.lookup' }, error: 'no tools here' });
  });

  it('a brain that fails or is too slow gets the fallback line, and the call fails as brain-failed', async () => {
    const slow: Answerer = {
      async *answer(_history, signal) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        yield { say: 'too late' };
      },
    };
    const brain = answeringBrain(slow, { firstMessage: 'Hi!', timeoutMs: 50, fallbackLine: 'Sorry, call back.' });
    const conversation = await new SimulatedLine(pace, ['Hello?'], noTools).play(brain);
    expect(conversation.turns.map((t) => t.text)).toEqual(['Hi!', 'Hello?', 'Sorry, call back.']);
    expect(conversation.failedReason).toBe('brain-failed');
  });
});
