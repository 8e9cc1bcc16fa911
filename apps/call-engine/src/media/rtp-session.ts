import type { Socket } from 'node:dgram';
import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { FRAME_MS, FRAME_SAMPLES, G711, type Codec, type CodecName } from './g711';
import type { ClockListener, FrameClock } from './frame-clock';
import { JitterBuffer } from './jitter-buffer';
import { packRtp, parseRtp } from './rtp';

export interface RtpPeer {
  address: string;
  port: number;
}

export interface RtpSessionOptions {
  socket: Socket;
  clock: FrameClock;
  remote: RtpPeer;
  codec: CodecName;
  /** The far end sent no packet for this long (after its first, or after media started). */
  inactivityMs: number;
  onInactive(): void;
}

/** What was played of a line: from and to (ms since media started), and whether it was cut short. */
export interface Played {
  startMs: number;
  endMs: number;
  interrupted: boolean;
}

interface Playback {
  samples: Int16Array;
  offset: number;
  startMs: number;
  done(played: Played): void;
}

/** Send-interval error histogram: 0.25 ms buckets up to 100 ms. */
const BUCKET_MS = 0.25;
const BUCKETS = 400;

/**
 * The audio of one call leg: a frame sent every 20 ms on the engine's clock (the assistant's speech,
 * or silence between turns, with continuous timestamps), frames received through a jitter buffer,
 * and both directions kept sample-aligned for the recording. Symmetric RTP: once the far end's
 * packets arrive from another port than its SDP said (NAT), we send there; packets from any other
 * address are dropped (nobody else can speak into a call).
 */
export class RtpSession implements ClockListener {
  private readonly codec: Codec;
  private readonly ssrc = randomInt(0, 2 ** 32);
  private sequence = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 2 ** 32);
  private readonly jitter = new JitterBuffer();
  private readonly queue: Playback[] = [];
  private readonly sentFrames: Int16Array[] = [];
  private readonly heardFrames: (Int16Array | null)[] = [];
  private readonly frameListeners = new Set<(frame: Int16Array | null, atMs: number) => void>();
  private readonly intervalErrors = new Uint32Array(BUCKETS + 1);
  private remote: RtpPeer;
  private farEndAddress: string;
  private lastSendAt = 0;
  private lastHeardAt = 0;
  private talking = false;
  private stopped = false;
  private farEndSsrc: number | null = null;
  /** Frames sent so far: the session's time, 20 ms each. */
  frames = 0;
  packetsReceived = 0;
  /** When the far end's first packet arrived (ms since media started), if it did. */
  firstHeardMs: number | null = null;

  constructor(private readonly options: RtpSessionOptions) {
    this.codec = G711[options.codec];
    this.remote = options.remote;
    this.farEndAddress = options.remote.address;
    options.socket.on('message', (msg, from) => this.receive(msg, from));
  }

  start(): void {
    this.lastHeardAt = performance.now();
    this.options.clock.add(this);
  }

  get elapsedMs(): number {
    return this.frames * FRAME_MS;
  }

  /** Queues speech; resolves when it has been sent (or was cut short by stopSpeaking/stop). */
  play(samples: Int16Array): Promise<Played> {
    return new Promise((done) => this.queue.push({ samples, offset: 0, startMs: -1, done }));
  }

  /** Cuts the current and queued speech short (barge-in, hang-up). */
  stopSpeaking(): void {
    for (const playback of this.queue.splice(0)) {
      const startMs = playback.startMs < 0 ? this.elapsedMs : playback.startMs;
      playback.done({ startMs, endMs: this.elapsedMs, interrupted: true });
    }
  }

  /** Every received frame, in order, once per tick (null: silence), with the session time. */
  onHeard(listener: (frame: Int16Array | null, atMs: number) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** Changes the far end's address (a re-INVITE moved it). */
  moveRemote(remote: RtpPeer): void {
    this.remote = remote;
    this.farEndAddress = remote.address;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.options.clock.remove(this);
    this.stopSpeaking();
    this.options.socket.close();
  }

  onFrame(): void {
    if (this.stopped) return;
    const now = performance.now();
    if (this.lastSendAt > 0) {
      const error = Math.abs(now - this.lastSendAt - FRAME_MS);
      this.intervalErrors[Math.min(BUCKETS, Math.floor(error / BUCKET_MS))]++;
    }
    this.lastSendAt = now;
    this.send(this.nextFrame());
    const heard = this.jitter.pop();
    this.heardFrames.push(heard);
    this.frames++;
    for (const listener of this.frameListeners) listener(heard, this.elapsedMs);
    if (now - this.lastHeardAt > this.options.inactivityMs) {
      this.lastHeardAt = Infinity; // once
      this.options.onInactive();
    }
  }

  /** The frame to send now: the next 20 ms of speech, or silence. */
  private nextFrame(): Int16Array {
    const playback = this.queue[0];
    if (!playback) {
      this.talking = false;
      return new Int16Array(FRAME_SAMPLES);
    }
    if (playback.startMs < 0) playback.startMs = this.elapsedMs;
    const frame = new Int16Array(FRAME_SAMPLES);
    frame.set(playback.samples.subarray(playback.offset, playback.offset + FRAME_SAMPLES));
    playback.offset += FRAME_SAMPLES;
    if (playback.offset >= playback.samples.length) {
      this.queue.shift();
      playback.done({ startMs: playback.startMs, endMs: this.elapsedMs + FRAME_MS, interrupted: false });
    }
    return frame;
  }

  private send(frame: Int16Array): void {
    const marker = !this.talking && this.queue.length > 0; // the first packet of a talk spurt
    this.talking = this.queue.length > 0;
    this.sentFrames.push(frame);
    const payload = Buffer.from(this.codec.encode(frame));
    const packet = packRtp({
      payloadType: this.codec.payloadType,
      marker,
      sequence: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
      payload,
    });
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    this.options.socket.send(packet, this.remote.port, this.remote.address, () => undefined);
  }

  private receive(msg: Buffer, from: { address: string; port: number }): void {
    const packet = parseRtp(msg);
    // only the far end's address (its SDP's) may send us audio; its port may differ (NAT)
    if (!packet || this.stopped || from.address !== this.farEndAddress) return;
    // RTCP shares nothing with this port (we offer none); other payload types (events) come later.
    if (packet.payloadType !== this.codec.payloadType) return;
    // a new source (the far end re-anchored its stream): its sequence starts over
    if (this.farEndSsrc !== null && packet.ssrc !== this.farEndSsrc) this.jitter.reset();
    this.farEndSsrc = packet.ssrc;
    this.packetsReceived++;
    this.lastHeardAt = performance.now();
    this.firstHeardMs ??= this.elapsedMs;
    if (from.port !== this.remote.port) this.remote = { address: from.address, port: from.port };
    this.jitter.push(packet.sequence, this.codec.decode(packet.payload));
  }

  /** Stats for operators and the SIP benchmark. */
  stats() {
    const total = this.intervalErrors.reduce((a, b) => a + b, 0);
    const quantile = (q: number) => {
      let seen = 0;
      for (let i = 0; i <= BUCKETS; i++) {
        seen += this.intervalErrors[i];
        if (seen >= q * total) return (i + 1) * BUCKET_MS;
      }
      return BUCKETS * BUCKET_MS;
    };
    return {
      packetsSent: this.frames,
      packetsReceived: this.packetsReceived,
      packetsLost: this.jitter.lost,
      packetsLate: this.jitter.late,
      sendJitterP50Ms: total ? quantile(0.5) : 0,
      sendJitterP99Ms: total ? quantile(0.99) : 0,
    };
  }

  /** Both directions, sample-aligned from the start of media: [assistant, far end]. */
  channels(): [Int16Array, Int16Array] {
    const join = (frames: (Int16Array | null)[]) => {
      const out = new Int16Array(frames.length * FRAME_SAMPLES);
      frames.forEach((f, i) => f && out.set(f.subarray(0, FRAME_SAMPLES), i * FRAME_SAMPLES));
      return out;
    };
    return [join(this.sentFrames), join(this.heardFrames)];
  }
}
