import { alaw, mulaw } from 'alawmulaw';

/** The G.711 codecs a call can negotiate, by their static RTP payload types (RFC 3551). */
export const G711 = {
  PCMU: {
    payloadType: 0,
    encode: (s: Int16Array) => mulaw.encode(s),
    encodeSample: (v: number) => mulaw.encodeSample(v),
    decode: (b: Uint8Array) => mulaw.decode(b),
    silence: mulaw.encodeSample(0),
  },
  PCMA: {
    payloadType: 8,
    encode: (s: Int16Array) => alaw.encode(s),
    encodeSample: (v: number) => alaw.encodeSample(v),
    decode: (b: Uint8Array) => alaw.decode(b),
    silence: alaw.encodeSample(0),
  },
} as const;
export type CodecName = keyof typeof G711;
export type Codec = (typeof G711)[CodecName];

/** 20 ms of 8 kHz audio: one RTP packet. */
export const FRAME_SAMPLES = 160;
export const FRAME_MS = 20;
