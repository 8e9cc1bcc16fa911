import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EventsRepository, presentEvent } from '@app/calls';
import { idAtTime } from '@app/platform';

const POLL_MS = 250;
const HEARTBEAT_MS = 15_000;
const BATCH = 200;

export interface StreamFilter {
  callId?: string;
  type?: string;
}

/**
 * Server-Sent Events of a workspace's call events: the catch-up feed (same objects, same order,
 * same settle window) followed live. Each event's `id:` is its eventId, so a client reconnecting
 * with Last-Event-ID resumes exactly after the last one it got: nothing missed, nothing twice.
 * Every open stream is closed cleanly (after what it has already read) when the gateway stops.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly open = new Set<() => void>();

  constructor(private readonly events: EventsRepository) {}

  async serve(
    workspaceId: string,
    filter: StreamFilter,
    after: string | undefined,
    settleMs: number,
    req: Request,
    res: Response,
  ): Promise<void> {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no', // proxies must not buffer the stream
    });
    res.write('retry: 2000\n\n');
    // Without a cursor: from now on (the settle window back, so nothing about to appear is skipped).
    let cursor = after ?? idAtTime('event', Date.now() - settleMs);
    let closed = false;
    let wake: () => void = () => undefined;
    const close = () => {
      closed = true;
      wake();
    };
    this.open.add(close);
    req.on('close', close);
    let lastWrite = Date.now();
    try {
      while (!closed) {
        const batch = await this.events.next(
          workspaceId,
          { ...filter, after: cursor, settledBefore: new Date(Date.now() - settleMs) },
          BATCH,
        );
        for (const event of batch) {
          const body = presentEvent(event);
          res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(body)}\n\n`);
          cursor = event.id;
          lastWrite = Date.now();
        }
        if (Date.now() - lastWrite >= HEARTBEAT_MS) {
          res.write(': heartbeat\n\n');
          lastWrite = Date.now();
        }
        if (batch.length < BATCH) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, POLL_MS);
          });
        }
      }
    } catch {
      // the database went away mid-stream: end it; the client reconnects with Last-Event-ID
    } finally {
      this.open.delete(close);
      res.end();
    }
  }

  beforeApplicationShutdown(): void {
    for (const close of this.open) close();
  }
}
