import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers a WebSocket upgrade we do not take with an HTTP status and our `{code, message}` body, then closes. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ code: status, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
