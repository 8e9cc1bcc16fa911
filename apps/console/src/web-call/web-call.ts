// A web call: the microphone and speaker over a WebSocket into the call engine (README "Web calls").
// The socket carries RTP packets of 20 ms PCMU at 8 kHz both ways, as a SIP phone's UDP would, and
// the call's progress as JSON text frames.
import { mulaw } from 'alawmulaw';
import workletUrl from './audio-worklet.ts?worker&url';

export type WebCallState = 'starting' | 'ringing' | 'connected' | 'ended' | 'failed';

/** What the page hears of a call: its state, and how loud the assistant is (0–1, RMS of 20 ms) 50 times a second. */
type OnState = (state: WebCallState, detail: { callId: string | null; reason?: string }) => void;
type OnLevel = (rms: number) => void;

const RATE = 8000;
const FRAME = 160;
const PCMU = 0;

export class WebCall {
  private ws: WebSocket | null = null;
  private context: AudioContext | null = null;
  private microphone: MediaStream | null = null;
  private timer = 0;
  private callId: string | null = null;
  private state: WebCallState = 'starting';
  private sequence = Math.floor(Math.random() * 0xffff);
  private timestamp = Math.floor(Math.random() * 0xffffffff);
  private readonly ssrc = Math.floor(Math.random() * 0xffffffff);

  constructor(
    private readonly agentId: string,
    private readonly onState: OnState,
    private readonly onLevel: OnLevel,
  ) {}

  /** Asks for the microphone, then opens the call; a refusal (no microphone, no socket) ends it as failed. */
  async start(): Promise<void> {
    try {
      this.microphone = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch {
      return this.finish('failed', 'The microphone is not available: allow it for this page and try again.');
    }
    const context = new AudioContext({ sampleRate: RATE });
    this.context = context;
    await context.audioWorklet.addModule(workletUrl);
    const capture = new AudioWorkletNode(context, 'capture-frames', { numberOfOutputs: 0 });
    context.createMediaStreamSource(this.microphone).connect(capture);
    const player = new AudioWorkletNode(context, 'play-frames', { numberOfInputs: 0, outputChannelCount: [1] });
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    player.connect(analyser).connect(context.destination);
    this.watchLevel(analyser);

    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/core/voice/web-call?agentId=${this.agentId}`);
    this.ws = ws;
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) => {
      if (typeof e.data !== 'string') {
        const samples = decodePacket(new Uint8Array(e.data));
        if (samples) player.port.postMessage(samples, [samples.buffer]);
        return;
      }
      const message = JSON.parse(e.data) as { type: string; callId: string; reason?: string };
      this.callId = message.callId;
      if (message.type === 'ringing') this.set('ringing');
      else if (message.type === 'answered') this.set('connected');
      else if (message.type === 'ended') this.finish('ended', message.reason);
    };
    ws.onclose = () => {
      if (this.state === 'starting') this.finish('failed', 'The call could not start (see the calls list for why).');
      else this.finish('ended');
    };
    capture.port.onmessage = (e: MessageEvent<Float32Array>) => {
      if (this.state === 'connected' && ws.readyState === WebSocket.OPEN) ws.send(this.packet(e.data));
    };
  }

  /** Hangs up (the call ends as customer-ended-call). */
  hangUp(): void {
    this.ws?.close(1000);
    this.finish('ended');
  }

  private watchLevel(analyser: AnalyserNode): void {
    const samples = new Float32Array(analyser.fftSize);
    this.timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      this.onLevel(Math.sqrt(sum / samples.length));
    }, 20);
  }

  private set(state: WebCallState, reason?: string): void {
    this.state = state;
    this.onState(state, { callId: this.callId, reason });
  }

  private finish(state: 'ended' | 'failed', reason?: string): void {
    if (this.state === 'ended' || this.state === 'failed') return;
    this.set(state, reason);
    window.clearInterval(this.timer);
    this.microphone?.getTracks().forEach((t) => t.stop());
    void this.context?.close();
  }

  /** One RTP packet (RFC 3550 header, then µ-law samples) of 20 ms of the microphone. */
  private packet(frame: Float32Array): ArrayBuffer {
    const packet = new Uint8Array(12 + FRAME);
    const view = new DataView(packet.buffer);
    packet[0] = 0x80;
    packet[1] = PCMU;
    view.setUint16(2, this.sequence);
    view.setUint32(4, this.timestamp);
    view.setUint32(8, this.ssrc);
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME) >>> 0;
    for (let i = 0; i < FRAME; i++) packet[12 + i] = mulaw.encodeSample(Math.round((frame[i] ?? 0) * 32767));
    return packet.buffer;
  }
}

/** The samples of a PCMU RTP packet (header, CSRCs and extension skipped), or null for anything else. */
function decodePacket(packet: Uint8Array): Float32Array | null {
  if (packet.length < 12 || packet[0] >> 6 !== 2 || (packet[1] & 0x7f) !== PCMU) return null;
  let offset = 12 + (packet[0] & 0x0f) * 4;
  if (packet[0] & 0x10) offset += 4 + ((packet[offset + 2] << 8) | packet[offset + 3]) * 4;
  const payload = packet.subarray(offset);
  const samples = new Float32Array(payload.length);
  for (let i = 0; i < payload.length; i++) samples[i] = mulaw.decodeSample(payload[i]) / 32768;
  return samples;
}
