import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Handler = (req: Seen, res: ServerResponse, nth: number) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 whose answers a test scripts; it records every request. */
export class Loopback {
  readonly seen: Seen[] = [];
  url = '';
  private server!: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private handler: Handler) {}

  static async start(handler: Handler): Promise<Loopback> {
    const loopback = new Loopback(handler);
    loopback.server = createServer((req, res) => loopback.handle(req, res));
    loopback.server.on('connection', (socket) => {
      loopback.sockets.add(socket);
      socket.on('close', () => loopback.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => loopback.server.listen(0, '127.0.0.1', resolve));
    loopback.url = `http://127.0.0.1:${(loopback.server.address() as AddressInfo).port}`;
    return loopback;
  }

  /** Answers from now on with this handler. */
  answer(handler: Handler): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: Seen = {
        method: req.method!,
        url: new URL(req.url!, this.url),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      this.seen.push(seen);
      void this.handler(seen, res, this.seen.length);
    });
  }
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
