import type { ScriptStep } from '@app/calls';
import type { ActionOutcome, Brain, HeardTurn, HearStep } from './brain';

/**
 * The script brain: the assistant's first message, then its steps in order — `say` speaks, `hear`
 * waits for the caller's turn and may branch on what was said or pressed, `tool` runs an MCP tool,
 * `dtmf` presses keys, `transfer` hands the caller over (refused: the script goes on), `hangup` ends.
 */
export async function* scriptBrain(firstMessage: string, steps: ScriptStep[]): Brain {
  yield { say: firstMessage };
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    if ('say' in step) yield { say: step.say };
    else if ('hear' in step) {
      const phrases = [step.hear, ...(step.expect ?? []).flatMap((e) => e.phrases)];
      const outcome = yield { listen: { keys: Object.keys(step.onKey ?? {}), phrases, scripted: step.hear } };
      // a branch jumps to the step after its label
      const target = branchOf(step, heardOf(outcome));
      if (target !== undefined) index = steps.findIndex((s) => 'label' in s && s.label === target);
    } else if ('tool' in step) yield { tool: step.tool, arguments: step.arguments };
    else if ('dtmf' in step) yield { dtmf: step.dtmf };
    else if ('transfer' in step) {
      const outcome = yield { transfer: step.transfer };
      if (outcome && 'transferred' in outcome && outcome.transferred) return { by: 'assistant' };
    } else if ('hangup' in step) return { by: step.hangup };
  }
  return { by: 'assistant' };
}

const heardOf = (outcome: ActionOutcome | undefined): HeardTurn =>
  outcome && 'heard' in outcome ? outcome.heard : { spoke: false, text: null, key: null };

/**
 * The label a hear step jumps to: the key's (onKey), the first `expect` whose phrase the recognised
 * text contains (whole words, any case), `otherwise` for other speech, `noSpeech` for none.
 */
export function branchOf(step: HearStep, heard: HeardTurn): string | undefined {
  if (heard.key) return step.onKey?.[heard.key];
  if (!heard.spoke) return step.noSpeech;
  const said = ` ${normalised(heard.text ?? '')} `;
  const match = step.expect?.find((e) => e.phrases.some((p) => normalised(p) && said.includes(` ${normalised(p)} `)));
  return match?.goto ?? (step.expect || step.otherwise ? step.otherwise : undefined);
}

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
