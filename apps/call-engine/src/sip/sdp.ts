import { parse, write } from 'sdp-transform';
import type { CodecName } from '../media/g711';

/** RFC 4733 telephone-events (DTMF) payload type we offer. */
export const TELEPHONE_EVENT_PT = 101;

export interface MediaOffer {
  address: string;
  port: number;
  /** Incremented on every new offer or answer of one session. */
  version: number;
  sessionId: number;
  direction?: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  /** Codecs in preference order; an answer names the one chosen. */
  codecs: CodecName[];
}

const RTPMAP: Record<CodecName, { payload: number; codec: string }> = {
  PCMU: { payload: 0, codec: 'PCMU' },
  PCMA: { payload: 8, codec: 'PCMA' },
};

/** Our SDP: G.711 µ-law and A-law (as asked) plus telephone-events, 20 ms packets. */
export function writeSdp(o: MediaOffer): string {
  const codecs = o.codecs.map((c) => RTPMAP[c]);
  return write({
    version: 0,
    origin: {
      username: '-',
      sessionId: o.sessionId,
      sessionVersion: o.version,
      netType: 'IN',
      ipVer: 4,
      address: o.address,
    },
    name: 'voice-assistant',
    connection: { version: 4, ip: o.address },
    timing: { start: 0, stop: 0 },
    media: [
      {
        type: 'audio',
        port: o.port,
        protocol: 'RTP/AVP',
        payloads: [...codecs.map((c) => c.payload), TELEPHONE_EVENT_PT].join(' '),
        rtp: [
          ...codecs.map((c) => ({ ...c, rate: 8000 })),
          { payload: TELEPHONE_EVENT_PT, codec: 'telephone-event', rate: 8000 },
        ],
        fmtp: [{ payload: TELEPHONE_EVENT_PT, config: '0-16' }],
        ptime: 20,
        direction: o.direction ?? 'sendrecv',
      },
    ],
  });
}

export interface RemoteMedia {
  address: string;
  port: number;
  /** The first G.711 codec the far end lists (its preference). */
  codec: CodecName;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  /** The payload type the far end takes telephone-events (DTMF) on, if it takes them. */
  telephoneEvent: number | null;
}

/** Our answer's direction to an offer's: hold (sendonly) is answered recvonly, and so on. */
export const ANSWER_DIRECTION = {
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
  sendrecv: 'sendrecv',
} as const;

/** The far end's audio stream, or why we cannot talk to it. */
export function readSdp(text: string | undefined): RemoteMedia | { problem: string } {
  if (!text) return { problem: 'no SDP' };
  let session;
  try {
    session = parse(text);
  } catch {
    return { problem: 'unreadable SDP' };
  }
  const audio = session.media?.find((m) => m.type === 'audio' && m.port > 0);
  if (!audio) return { problem: 'no audio stream in the SDP' };
  const address = audio.connection?.ip ?? session.connection?.ip;
  if (!address) return { problem: 'no connection address in the SDP' };
  const payloads = String(audio.payloads ?? '')
    .split(/\s+/)
    .map(Number);
  const named = (pt: number) => audio.rtp?.find((r) => r.payload === pt)?.codec.toUpperCase();
  const codec = payloads
    .map((pt) => named(pt) ?? (pt === 0 ? 'PCMU' : pt === 8 ? 'PCMA' : undefined))
    .find((c): c is CodecName => c === 'PCMU' || c === 'PCMA');
  if (!codec) return { problem: 'the far end offers neither G.711 µ-law nor A-law' };
  const direction = address === '0.0.0.0' ? 'inactive' : (audio.direction ?? session.direction ?? 'sendrecv');
  const telephoneEvent = audio.rtp?.find((r) => r.codec.toLowerCase() === 'telephone-event')?.payload ?? null;
  return { address, port: audio.port, codec, direction, telephoneEvent };
}
