// Runs in the AudioWorklet scope (bundled as its own file): the microphone cut into 20 ms frames,
// and the assistant's frames played from a small buffer. The context runs at 8 kHz, the call's rate.

declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** 20 ms at 8 kHz. */
const FRAME = 160;

/** Posts the microphone as 160-sample frames (Float32Array, transferred). */
class CaptureFrames extends AudioWorkletProcessor {
  private frame = new Float32Array(FRAME);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (!input) return true;
    for (let i = 0; i < input.length; i++) {
      this.frame[this.filled++] = input[i];
      if (this.filled === FRAME) {
        this.port.postMessage(this.frame, [this.frame.buffer]);
        this.frame = new Float32Array(FRAME);
        this.filled = 0;
      }
    }
    return true;
  }
}

/** What is buffered before playing starts again after running dry: 60 ms against network jitter. */
const PREBUFFER = 3 * FRAME;

/** Plays the frames posted to it in order; silence while it has none ("clear" empties it: barge-in). */
class PlayFrames extends AudioWorkletProcessor {
  private readonly queue: Float32Array[] = [];
  private offset = 0;
  private queued = 0;
  private playing = false;

  constructor() {
    super();
    this.port.onmessage = (e: MessageEvent<Float32Array | 'clear'>) => {
      if (e.data === 'clear') {
        this.queue.length = 0;
        this.queued = 0;
        this.offset = 0;
        return;
      }
      this.queue.push(e.data);
      this.queued += e.data.length;
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const out = outputs[0][0];
    if (!this.playing && this.queued >= PREBUFFER) this.playing = true;
    for (let i = 0; i < out.length; i++) {
      const frame = this.playing ? this.queue[0] : undefined;
      if (!frame) {
        this.playing = false;
        out[i] = 0;
        continue;
      }
      out[i] = frame[this.offset++];
      this.queued--;
      if (this.offset === frame.length) {
        this.queue.shift();
        this.offset = 0;
      }
    }
    for (let c = 1; c < outputs[0].length; c++) outputs[0][c].set(out);
    return true;
  }
}

registerProcessor('capture-frames', CaptureFrames);
registerProcessor('play-frames', PlayFrames);
