import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What one decode found: the words (best path) and each word's posterior probability. */
export interface Decoded {
  text: string;
  words: { word: string; p: number }[];
}

const MODEL = '/usr/share/pocketsphinx/model/en-us';

/**
 * The decoder that stays loaded: Debian's python3-pocketsphinx (the library pocketsphinx_continuous
 * uses) with the en-us model read once, then one JSON line per utterance in (16 kHz audio in base64,
 * and a JSGF grammar or none) and one out. Loading the model is most of a short turn's cost.
 */
const SERVER = `
import sys, json, base64
from pocketsphinx.pocketsphinx import Decoder
config = Decoder.default_config()
config.set_string('-hmm', '${MODEL}/en-us')
config.set_string('-lm', '${MODEL}/en-us.lm.bin')
config.set_string('-dict', '${MODEL}/cmudict-en-us.dict')
config.set_string('-logfn', '/dev/null')
decoder = Decoder(config)
free = decoder.get_search()
logmath = decoder.get_logmath()
print(json.dumps({'ready': True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    try:
        if request.get('jsgf'):
            decoder.set_jsgf_string('expected', request['jsgf'])
            decoder.set_search('expected')
        else:
            decoder.set_search(free)
        decoder.start_utt()
        decoder.process_raw(base64.b64decode(request['audio']), False, True)
        decoder.end_utt()
        hyp = decoder.hyp()
        words = [[s.word, logmath.exp(s.prob)] for s in decoder.seg()] if hyp else []
        answer = {'id': request['id'], 'text': hyp.hypstr if hyp else '', 'words': words}
    except Exception as e:
        answer = {'id': request['id'], 'error': str(e)}
    print(json.dumps(answer), flush=True)
`;

interface Pending {
  resolve(d: Decoded): void;
  reject(e: Error): void;
}

/** One resident decoder process: requests answered in order. */
class DecoderProcess {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  readonly ready: Promise<void>;
  private exited = false;

  constructor(private readonly proc: ChildProcessWithoutNullStreams) {
    let started!: () => void;
    let failed!: (e: Error) => void;
    this.ready = new Promise((resolve, reject) => ([started, failed] = [resolve, reject]));
    let errors = '';
    proc.stderr.on('data', (d) => (errors = (errors + String(d)).slice(-2000)));
    createInterface({ input: proc.stdout }).on('line', (line) => {
      const answer = JSON.parse(line) as {
        ready?: true;
        id?: number;
        text?: string;
        words?: [string, number][];
        error?: string;
      };
      if (answer.ready) return started();
      const waiting = this.pending.get(answer.id!);
      this.pending.delete(answer.id!);
      if (answer.error) waiting?.reject(new Error(answer.error));
      else waiting?.resolve({ text: answer.text ?? '', words: wordsOf(answer.words ?? []) });
    });
    proc.on('error', (e) => failed(e));
    proc.on('exit', () => {
      this.exited = true;
      failed(new Error(`the resident decoder exited: ${errors.trim().split('\n').pop() ?? ''}`));
      for (const waiting of this.pending.values()) waiting.reject(new Error('the resident decoder exited'));
      this.pending.clear();
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  decode(audio16k: Int16Array, jsgf: string | null): Promise<Decoded> {
    const id = this.nextId++;
    const audio = Buffer.from(audio16k.buffer, audio16k.byteOffset, audio16k.byteLength).toString('base64');
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.proc.stdin.write(`${JSON.stringify({ id, audio, jsgf })}\n`);
    });
  }

  stop(): void {
    if (!this.exited) this.proc.kill();
  }
}

interface Queued {
  audio: Int16Array;
  jsgf: string | null;
  resolve(d: Decoded): void;
  reject(e: Error): void;
}

/**
 * A pool of resident decoders: `urgent` processes for the decodes a caller waits for (a grammar's,
 * a few tens of ms; a free one that is the answer), and `background` ones, at a lower CPU priority,
 * for free decodes that only refine a confidence; an idle background process helps the urgent lane.
 * Each process takes one decode at a time. A decoder that dies is replaced.
 */
export class ResidentDecoders {
  private readonly lanes: { process: DecoderProcess | null; urgent: boolean }[];
  private readonly urgentQueue: Queued[] = [];
  private readonly backgroundQueue: Queued[] = [];
  /** The processes working on a decode now. */
  private readonly busy = new Set<DecoderProcess>();

  constructor(sizes: { urgent: number; background: number }) {
    this.lanes = [
      ...Array.from({ length: sizes.urgent }, () => ({ process: null, urgent: true })),
      ...Array.from({ length: sizes.background }, () => ({ process: null, urgent: false })),
    ];
  }

  /** Starts the pool; false when python3-pocketsphinx (or /usr/bin/python3) is not installed. */
  async start(): Promise<boolean> {
    try {
      await Promise.all(this.lanes.map((_, i) => this.spawn(i).ready));
      return true;
    } catch {
      this.stop();
      return false;
    }
  }

  /** Queues a decode; `urgent`: a caller waits for it. */
  decode(audio16k: Int16Array, jsgf: string | null, urgent: boolean): Promise<Decoded> {
    return new Promise((resolve, reject) => {
      (urgent ? this.urgentQueue : this.backgroundQueue).push({ audio: audio16k, jsgf, resolve, reject });
      this.dispatch();
    });
  }

  stop(): void {
    for (const lane of this.lanes) lane.process?.stop();
    for (const q of [...this.urgentQueue.splice(0), ...this.backgroundQueue.splice(0)]) q.reject(new Error('stopped'));
  }

  private dispatch(): void {
    this.lanes.forEach((lane, i) => {
      if (lane.process && !lane.process.alive) this.spawn(i);
      const process = lane.process;
      if (!process || this.busy.has(process)) return;
      const next = lane.urgent ? this.urgentQueue.shift() : (this.backgroundQueue.shift() ?? this.urgentQueue.shift());
      if (!next) return;
      this.busy.add(process);
      process.ready
        .then(() => process.decode(next.audio, next.jsgf))
        .then(next.resolve, next.reject)
        .finally(() => {
          this.busy.delete(process);
          this.dispatch();
        });
    });
  }

  private spawn(at: number): DecoderProcess {
    const python = ['/usr/bin/python3', '-u', '-c', SERVER];
    const [command, ...args] = this.lanes[at].urgent ? python : ['nice', '-n', '10', ...python];
    const process = new DecoderProcess(spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] }));
    process.ready.catch(() => undefined);
    this.lanes[at].process = process;
    return process;
  }
}

/** The words of a best path, without silences, fillers and noises, pronunciation variants as the word. */
function wordsOf(segments: [string, number][]): Decoded['words'] {
  return segments
    .filter(([word]) => !word.startsWith('<') && !word.startsWith('['))
    .map(([word, p]) => ({ word: word.replace(/\(\d+\)$/, ''), p }));
}
