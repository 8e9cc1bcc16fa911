/**
 * RTP packets (RFC 3550). The fixed header is 12 bytes; the parser skips CSRCs, a header extension
 * and padding, and refuses anything else (not version 2, truncated) with null.
 */
export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Buffer;
}

export function packRtp(p: RtpPacket): Buffer {
  const packet = Buffer.allocUnsafe(12 + p.payload.length);
  writeRtpHeader(packet, p);
  p.payload.copy(packet, 12);
  return packet;
}

/** Writes the fixed header into the first 12 bytes of `packet` (the payload follows it). */
export function writeRtpHeader(packet: Buffer, p: Omit<RtpPacket, 'payload'>): void {
  packet[0] = 0x80; // version 2, no padding, no extension, no CSRC
  packet[1] = (p.marker ? 0x80 : 0) | (p.payloadType & 0x7f);
  packet.writeUInt16BE(p.sequence & 0xffff, 2);
  packet.writeUInt32BE(p.timestamp >>> 0, 4);
  packet.writeUInt32BE(p.ssrc >>> 0, 8);
}

export function parseRtp(buf: Buffer): RtpPacket | null {
  if (buf.length < 12 || buf[0] >> 6 !== 2) return null;
  const csrcs = buf[0] & 0x0f;
  let start = 12 + csrcs * 4;
  if (buf[0] & 0x10) {
    if (buf.length < start + 4) return null;
    start += 4 + buf.readUInt16BE(start + 2) * 4;
  }
  let end = buf.length;
  if (buf[0] & 0x20) end -= buf[buf.length - 1];
  if (start > end) return null;
  return {
    payloadType: buf[1] & 0x7f,
    marker: (buf[1] & 0x80) !== 0,
    sequence: buf.readUInt16BE(2),
    timestamp: buf.readUInt32BE(4),
    ssrc: buf.readUInt32BE(8),
    payload: buf.subarray(start, end),
  };
}

/** A 16-bit sequence number's distance from `from`, -32768…32767, across the wrap. */
export function sequenceDelta(seq: number, from: number): number {
  return ((seq - from + 0x8000) & 0xffff) - 0x8000;
}
