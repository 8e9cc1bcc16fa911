import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { FRAME_MS, FRAME_SAMPLES, G711, type Codec, type CodecName } from './g711';
import type { ClockListener, FrameClock } from './frame-clock';
import { JitterBuffer } from './jitter-buffer';
import { packRtp, parseRtp, writeRtpHeader } from './rtp';

export interface RtpPeer {
  address: string;
  port: number;
}

/**
 * Where a session's packets go and come from: a UDP socket (SIP calls), or a browser's WebSocket
 * carrying the same RTP packets (web calls, web-leg.ts).
 */
export interface PacketSocket {
  on(event: 'message', listener: (msg: Buffer, from: RtpPeer) => void): unknown;
  send(msg: Buffer, port: number, address: string, callback: () => void): void;
  close(): void;
}

export interface RtpSessionOptions {
  socket: PacketSocket;
  clock: FrameClock;
  remote: RtpPeer;
  codec: CodecName;
  /** The payload type the far end takes telephone-events on (null: it takes none). */
  telephoneEvent: number | null;
  /** The payload type it sends them to us on (the one our SDP declared). */
  ourTelephoneEvent: number;
  /** Each interval between two of our packets, minus 20 ms, in ms (for the engine's metrics). */
  onSendInterval?(errorMs: number): void;
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

/** One 20 ms tick of a key press: its event code, payload type, duration so far, and whether it ends. */
interface KeyTick {
  code: number;
  pt: number;
  duration: number;
  end: boolean;
}

/** 20 ms of silence, shared by every call (never written to). */
const SILENCE = new Int16Array(FRAME_SAMPLES);

/** RFC 4733 event codes 0-15 as keys. */
const DTMF_EVENTS = '0123456789*#ABCD';

/** Send-interval error histogram: 0.25 ms buckets up to 100 ms. */
const BUCKET_MS = 0.25;
const BUCKETS = 400;

/**
 * The audio of one call leg: a frame sent every 20 ms on the engine's clock (the assistant's speech,
 * or silence between turns, with continuous timestamps), frames received through a jitter buffer,
 * and both directions kept sample-aligned for the recording, symmetric RTP (see fromFarEnd).
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
  private readonly digitListeners = new Set<(digit: string, atMs: number) => void>();
  private readonly unheardDigits: [string, number][] = [];
  /** The far end put us on hold: nothing is sent. */
  private held = false;
  /** Whether the far end sends audio at all (not when its direction is inactive or recvonly). */
  private expectsPackets = true;
  /** RFC 4733 packets to send instead of audio, one per tick (null: a tick of silence between keys). */
  private readonly events: (KeyTick | null)[] = [];
  /** The timestamp every packet of the key being sent carries (its first tick's). */
  private keyTimestamp = 0;
  private eventsSent: (() => void) | null = null;
  /** Timestamps of the far end's key presses already reported (each event is retransmitted). */
  private readonly heardEvents = new Set<number>();
  private readonly intervalErrors = new Uint32Array(BUCKETS + 1);
  private remote: RtpPeer;
  private farEndAddress: string;
  /** Where the far end's packets come from, once the first one arrived. */
  private latched: RtpPeer | null = null;
  private lastSendAt = 0;
  /** The frame count when the far end's last packet arrived. */
  private lastHeardFrame = 0;
  private talking = false;
  private stopped = false;
  private farEndSsrc: number | null = null;
  /** The payloads of our last speech packets: a far end that echoes them back is not speaking (barge-in). */
  private readonly recentPayloads: string[] = [];
  private readonly recentSet = new Set<string>();
  private readonly echoes = new WeakSet<Int16Array>();
  /** Frames sent so far: the session's time, 20 ms each. */
  frames = 0;
  packetsReceived = 0;

  constructor(private readonly options: RtpSessionOptions) {
    this.codec = G711[options.codec];
    this.remote = options.remote;
    this.farEndAddress = options.remote.address;
    options.socket.on('message', (msg, from) => this.receive(msg, from));
  }

  start(): void {
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

  /** Keys the far end pressed (RFC 4733), each once, with the session time (earlier ones first). */
  onDigit(listener: (digit: string, atMs: number) => void): () => void {
    this.digitListeners.add(listener);
    for (const [digit, atMs] of this.unheardDigits.splice(0)) listener(digit, atMs);
    return () => this.digitListeners.delete(listener);
  }

  /** Reports a key pressed by other means (SIP INFO). */
  heardDigit(digit: string): void {
    // keys pressed before anyone listens (right after the answer) wait for the first listener
    if (this.digitListeners.size === 0) this.unheardDigits.push([digit, this.elapsedMs]);
    for (const listener of this.digitListeners) listener(digit, this.elapsedMs);
  }

  /**
   * Presses keys as RFC 4733 telephone-events: per key 100 ms of event packets (the last one, with
   * the end bit, three times) and 60 ms apart; false when the far end takes no telephone-events.
   */
  async sendDigits(digits: string): Promise<boolean> {
    const pt = this.options.telephoneEvent;
    if (pt === null) return false;
    for (const digit of digits) {
      const code = DTMF_EVENTS.indexOf(digit);
      for (let n = 1; n <= 5; n++) this.events.push({ code, pt, duration: n * FRAME_SAMPLES, end: n === 5 });
      this.events.push(null, null, null);
    }
    await new Promise<void>((resolve) => (this.eventsSent = resolve));
    return true;
  }

  /** Changes the far end's address (a re-INVITE moved it). */
  /**
   * The far end's direction after a re-INVITE: on hold (sendonly, inactive) we send nothing but keep
   * the clock and timestamps running; inactive also sends us nothing, so silence is no timeout then.
   */
  setDirection(direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive'): void {
    this.held = direction === 'sendonly' || direction === 'inactive';
    this.expectsPackets = direction !== 'inactive' && direction !== 'recvonly';
    this.lastHeardFrame = this.frames;
  }

  moveRemote(remote: RtpPeer): void {
    this.remote = remote;
    this.farEndAddress = remote.address;
    this.latched = null;
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
      this.options.onSendInterval?.(error);
    }
    this.lastSendAt = now;
    if (this.events.length > 0) {
      this.sendEvent(this.events.shift()!);
      if (this.events.length === 0) this.eventsSent?.();
    } else this.send(this.nextFrame());
    const heard = this.jitter.pop();
    this.heardFrames.push(heard);
    this.frames++;
    for (const listener of this.frameListeners) listener(heard, this.elapsedMs);
    // counted in frames, not wall-clock time: after a stall of this process the packets that
    // arrived meanwhile are still queued behind this tick, and a stall is not the far end's silence
    if (this.expectsPackets && (this.frames - this.lastHeardFrame) * FRAME_MS > this.options.inactivityMs) {
      this.lastHeardFrame = Infinity; // once
      this.options.onInactive();
    }
  }

  /**
   * A stall of this process skipped frames: the recording and the session's time keep the wall
   * clock (silence in both channels), so a recording lasts as long as its call and turns are timed
   * where they were heard. The far end heard a gap: its timestamps jump by as much. Listeners are
   * not fed the gap (nothing was heard in it) and it is not the far end's silence.
   */
  onSkipped(frames: number): void {
    if (this.stopped) return;
    for (let i = 0; i < frames; i++) {
      this.sentFrames.push(SILENCE);
      this.heardFrames.push(null);
    }
    this.frames += frames;
    this.lastHeardFrame += frames;
    this.timestamp = (this.timestamp + frames * FRAME_SAMPLES) >>> 0;
  }

  /** The frame to send now: the next 20 ms of speech, or silence. */
  private nextFrame(): Int16Array {
    const playback = this.queue[0];
    if (!playback) {
      this.talking = false;
      return SILENCE;
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
    if (this.held) {
      this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0; // time goes on; no packet, no sequence number
      return;
    }
    // one allocation per packet (it is handed to the socket): header, then the samples encoded in place
    const packet = Buffer.allocUnsafe(12 + FRAME_SAMPLES);
    writeRtpHeader(packet, {
      payloadType: this.codec.payloadType,
      marker,
      sequence: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
    });
    if (frame === SILENCE) packet.fill(this.codec.silence, 12);
    else {
      for (let i = 0; i < FRAME_SAMPLES; i++) packet[12 + i] = this.codec.encodeSample(frame[i]);
      this.remember(packet.toString('latin1', 12));
    }
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    this.options.socket.send(packet, this.remote.port, this.remote.address, () => undefined);
  }

  /** One tick of a key press (or of the pause after one): sent in place of audio, timestamps continuous. */
  private sendEvent(tick: KeyTick | null): void {
    if (!tick) return this.send(SILENCE);
    this.sentFrames.push(SILENCE);
    const first = tick.duration === FRAME_SAMPLES;
    if (first) this.keyTimestamp = this.timestamp;
    const payload = Buffer.from([tick.code, (tick.end ? 0x80 : 0) | 10, tick.duration >> 8, tick.duration & 0xff]);
    // the end of a key is sent three times (RFC 4733 2.5.1.4); every copy has its own sequence number
    for (let copy = 0; copy < (tick.end ? 3 : 1); copy++) {
      const packet = packRtp({
        payloadType: tick.pt,
        marker: first,
        sequence: this.sequence,
        timestamp: this.keyTimestamp,
        ssrc: this.ssrc,
        payload,
      });
      this.sequence = (this.sequence + 1) & 0xffff;
      this.options.socket.send(packet, this.remote.port, this.remote.address, () => undefined);
    }
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
  }

  private receive(msg: Buffer, from: { address: string; port: number }): void {
    const packet = parseRtp(msg);
    if (!packet || this.stopped || !this.fromFarEnd(from)) return;
    if (packet.payloadType === this.options.ourTelephoneEvent) return this.receiveEvent(packet);
    if (packet.payloadType !== this.codec.payloadType) return;
    // a new source (the far end re-anchored its stream): its sequence starts over
    if (this.farEndSsrc !== null && packet.ssrc !== this.farEndSsrc) this.jitter.reset();
    this.farEndSsrc = packet.ssrc;
    this.packetsReceived++;
    this.lastHeardFrame = this.frames;

    const frame = this.codec.decode(packet.payload);
    if (this.recentSet.size > 0 && this.recentSet.has(packet.payload.toString('latin1'))) this.echoes.add(frame);
    this.jitter.push(packet.sequence, frame);
  }

  /** A heard frame that is our own speech sent back unchanged (a far end that echoes media). */
  isEcho(frame: Int16Array): boolean {
    return this.echoes.has(frame);
  }

  /** Keeps the last 2 s of our speech packets' payloads for isEcho. */
  private remember(payload: string): void {
    this.recentPayloads.push(payload);
    this.recentSet.add(payload);
    if (this.recentPayloads.length > 100) this.recentSet.delete(this.recentPayloads.shift()!);
  }

  /**
   * Symmetric RTP with strict learning (as Asterisk's strictrtp): the first packet's source is the
   * far end, and we send there from then on (it may differ from the SDP's address behind NAT);
   * later packets from anywhere else are dropped, but for the SDP's own address (nobody else can
   * speak into a call once it started).
   */
  private fromFarEnd(from: { address: string; port: number }): boolean {
    const latched = this.latched;
    if (latched && (from.address !== latched.address || from.port !== latched.port)) {
      if (from.address !== this.farEndAddress) return false;
    }
    if (!latched || latched.address !== from.address || latched.port !== from.port) {
      this.latched = { address: from.address, port: from.port };
      this.remote = this.latched;
    }
    return true;
  }

  /** A far-end key press: reported once, when its end packet arrives. */
  private receiveEvent(packet: { payload: Buffer; timestamp: number }): void {
    this.lastHeardFrame = this.frames;
    if (packet.payload.length < 4 || !(packet.payload[1] & 0x80)) return;
    if (this.heardEvents.has(packet.timestamp)) return;
    this.heardEvents.add(packet.timestamp);
    const digit = DTMF_EVENTS[packet.payload[0]];
    if (digit) this.heardDigit(digit);
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

  /** What the far end sent between two moments (ms since media started), as 8 kHz samples. */
  heardBetween(fromMs: number, toMs: number): Int16Array {
    const frames = this.heardFrames.slice(Math.max(0, Math.floor(fromMs / FRAME_MS)), Math.ceil(toMs / FRAME_MS));
    const out = new Int16Array(frames.length * FRAME_SAMPLES);
    frames.forEach((f, i) => f && out.set(f.subarray(0, FRAME_SAMPLES), i * FRAME_SAMPLES));
    return out;
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
