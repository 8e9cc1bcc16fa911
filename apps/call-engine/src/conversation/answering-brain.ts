import type { ToolOutcome } from '../tools/mcp-tool-runner';
import type { ActionOutcome, Brain, BrainAction } from './brain';

/** The conversation so far as a brain that answers is shown it. */
export type Entry =
  | { role: 'assistant'; text: string; interrupted?: boolean }
  | { role: 'customer'; text: string | null; silent?: boolean; key?: string | null }
  | { role: 'tool'; call: FunctionCall; result?: unknown; error?: string };

/** A function the brain calls: a built-in (endCall, transfer, sendDtmf) or an MCP tool ("server.tool"). */
export interface FunctionCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** A piece of an answer: a sentence to speak (as soon as it is complete) or a function to call. */
export type Reply = { say: string } | { call: FunctionCall };

/** Your server or a model: streams the answer to the conversation so far. */
export interface Answerer {
  answer(history: Entry[], signal: AbortSignal): AsyncIterable<Reply>;
}

export interface AnsweringOptions {
  firstMessage: string;
  /** The longest wait for each piece of an answer (the first words, and each next one). */
  timeoutMs: number;
  fallbackLine: string;
}

/** Function rounds in one answer (a tool's result, then the model's next words): a loop ends here. */
const MAX_ROUNDS = 5;
/** Silences in a row after which the assistant hangs up. */
const MAX_SILENCES = 2;

export const BUILT_IN_FUNCTIONS = ['endCall', 'transfer', 'sendDtmf'] as const;

/**
 * A brain that answers each caller turn by asking an Answerer (your server, a model): the sentences
 * are spoken as they stream in; functions run in order and their results go back for the next
 * round. The caller speaking over an answer cuts it there (the brain is told); a failed or slow
 * answerer gets the fallback line and the call ends as brain-failed.
 */
export async function* answeringBrain(answerer: Answerer, options: AnsweringOptions): Brain {
  const history: Entry[] = [];
  yield { say: options.firstMessage };
  history.push({ role: 'assistant', text: options.firstMessage });
  let silences = 0;
  for (;;) {
    const heard = heardOf(yield { listen: {} });
    if (!heard) return { by: 'assistant' };
    silences = heard.silent ? silences + 1 : 0;
    if (silences >= MAX_SILENCES) return { by: 'assistant' };
    history.push(heard);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const abort = new AbortController();
      const pieces = answerer.answer(history, abort.signal)[Symbol.asyncIterator]();
      const said: string[] = [];
      const calls: FunctionCall[] = [];
      let interrupted = false;
      try {
        for (;;) {
          const piece = await within(pieces.next(), options.timeoutMs, abort);
          if (piece.done) break;
          if ('call' in piece.value) {
            calls.push(piece.value.call);
            continue;
          }
          const outcome = yield { say: piece.value.say, continues: said.length > 0 };
          if (outcome && 'said' in outcome) said.push(outcome.said);
          if (outcome && 'said' in outcome && outcome.interrupted) {
            interrupted = true;
            abort.abort();
            break;
          }
        }
      } catch (e) {
        abort.abort();
        yield { say: options.fallbackLine };
        return { by: 'assistant', reason: 'brain-failed', error: (e as Error).message };
      }
      if (said.length)
        history.push({ role: 'assistant', text: said.join(' '), ...(interrupted ? { interrupted } : {}) });
      if (interrupted || calls.length === 0) break;
      for (const call of calls) {
        if (call.name === 'endCall') return { by: 'assistant' };
        const outcome = yield actionOf(call);
        const result = resultOf(call, outcome);
        history.push({ role: 'tool', call, ...result });
        if (call.name === 'transfer' && result.result === 'transferred') return { by: 'assistant' };
      }
    }
  }
}

function heardOf(outcome: ActionOutcome | undefined): Extract<Entry, { role: 'customer' }> | null {
  if (!outcome || !('heard' in outcome)) return null;
  const { heard } = outcome;
  if (!heard.spoke && !heard.key) return { role: 'customer', text: null, silent: true };
  return { role: 'customer', text: heard.text, ...(heard.key ? { key: heard.key } : {}) };
}

function actionOf(call: FunctionCall): BrainAction {
  const args = call.arguments;
  if (call.name === 'transfer') return { transfer: String(args.to ?? args.destination ?? '') };
  if (call.name === 'sendDtmf') return { dtmf: String(args.digits ?? '') };
  return { tool: call.name, arguments: args };
}

function resultOf(call: FunctionCall, outcome: ActionOutcome | undefined): { result?: unknown; error?: string } {
  if (outcome && 'transferred' in outcome) {
    return outcome.transferred ? { result: 'transferred' } : { error: 'the transfer was refused' };
  }
  if (outcome && 'pressed' in outcome) return outcome.pressed ? { result: 'sent' } : { error: 'keys not sent' };
  if (outcome && 'tool' in outcome) {
    const tool: ToolOutcome = outcome.tool;
    return tool.error ? { error: tool.error } : { result: tool.result ?? null };
  }
  return { error: `${call.name} did not run` };
}

/** The promise, or a rejection after ms (the answer is aborted then). */
function within<T>(p: Promise<T>, ms: number, abort: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new Error(`no answer within ${ms} ms`));
      }, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
