import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: { event: string; deliveryId: string; occurredAt: string; data: Record<string, unknown> };
  at: number;
}

/**
 * What the receiver answers to one request: a status (headers, a JSON body), after a delay; 'hang' never
 * answers; 'reset' drops the connection without an answer.
 */
export type Behaviour = (
  req: Received,
  nth: number,
) => { status: number; headers?: Record<string, string>; delayMs?: number; json?: unknown } | 'hang' | 'reset';

/** A real webhook receiver on loopback that records every request it gets. */
export class Receiver {
  readonly received: Received[] = [];
  private server!: Server;
  private readonly sockets = new Set<import('node:net').Socket>();
  behaviour: Behaviour = () => ({ status: 200 });
  url = '';

  static async http(): Promise<Receiver> {
    const r = new Receiver();
    await r.listen(
      createHttpServer((req, res) => r.handle(req, res)),
      'http',
    );
    return r;
  }

  /** HTTPS with a self-signed certificate for 127.0.0.1; `caFile` is what a client must trust. */
  static async https(): Promise<Receiver & { caFile: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const r = new Receiver() as Receiver & { caFile: string };
    r.caFile = join(dir, 'cert.pem');
    const server = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(r.caFile) },
      (req, res) => r.handle(req, res),
    );
    await r.listen(server, 'https');
    return r;
  }

  private async listen(server: Server, scheme: string): Promise<void> {
    this.server = server;
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `${scheme}://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = {} as Received['json'];
      }
      const rec: Received = { path: req.url ?? '/', headers: req.headers, body, json, at: Date.now() };
      this.received.push(rec);
      const nth = this.forDelivery(json.deliveryId).length;
      const answer = this.behaviour(rec, nth);
      if (answer === 'hang') return;
      if (answer === 'reset') return void req.socket.destroy();
      setTimeout(() => {
        if (res.destroyed) return;
        if (answer.json !== undefined) {
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          return void res.end(JSON.stringify(answer.json));
        }
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.status < 300 ? 'ok' : `status ${answer.status}`);
      }, answer.delayMs ?? 0);
    });
  }

  forDelivery(deliveryId: string): Received[] {
    return this.received.filter((r) => r.json.deliveryId === deliveryId);
  }

  /** The requests about any of these calls (their events' `data.callId`). */
  forCalls(callIds: string[]): Received[] {
    return this.received.filter((r) => callIds.includes(r.json.data?.callId as string));
  }

  /** One request per deliveryId (its latest), as a receiver that de-duplicates retries sees them. */
  static onePerDelivery(requests: Received[]): Received[] {
    return [...new Map(requests.map((r) => [r.json.deliveryId, r])).values()];
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
