import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EventsRepository, presentEvent } from '@app/calls';
import type { CallEvent } from '@app/db';
import { ApiError, AppConfig, idAtTime } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';
import { SharedEventPoll } from './shared-event-poll';

const POLL_MS = 250;
const HEARTBEAT_MS = 15_000;
const BATCH = 200;
/** How often an open stream asks again whether its key or session still holds. */
export const STREAM_RECHECK_MS = 2_000;
// A stream's slot in its credential's set lasts this long unless the stream renews it.
const SLOT_TTL_MS = 15_000;

// Takes a slot for a stream unless the credential holds its limit of live ones (expired slots
// of a gateway that died are swept first). KEYS[1] the set; ARGV now, expiry, limit, stream id.
const TAKE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ${SLOT_TTL_MS})
return 1`;

export interface StreamFilter {
  callId?: string;
  type?: string;
}

export interface StreamAccess {
  /** The key or session the stream is counted against. */
  credentialId: string;
  /** Whether the key or session still holds (asked every STREAM_RECHECK_MS). */
  stillHolds(): Promise<boolean>;
}

/**
 * Server-Sent Events of a workspace's call events: the catch-up feed (same objects, same order,
 * same settle window) followed live through the gateway's shared poll. Each event's `id:` is its
 * eventId, so a client reconnecting with Last-Event-ID resumes exactly after the last one it got.
 * A stream ends within STREAM_RECHECK_MS of its key's revocation or its session's end; one key or
 * session holds at most EVENT_STREAMS_PER_CREDENTIAL streams across gateways (429 past that).
 * Every open stream is closed cleanly when the gateway stops.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(EventStreams.name);
  private readonly open = new Set<() => void>();
  private readonly redis: RedisClient;

  constructor(
    private readonly events: EventsRepository,
    private readonly poll: SharedEventPoll,
    private readonly config: AppConfig,
  ) {
    this.redis = redisClient(config, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500 });
    this.redis.on('error', () => undefined);
  }

  async serve(
    workspaceId: string,
    filter: StreamFilter,
    after: string | undefined,
    settleMs: number,
    access: StreamAccess,
    reply: FastifyReply,
  ): Promise<void> {
    // Never the request id: a client chooses that (X-Request-Id), and equal ids would share a slot.
    const slot = randomUUID();
    const slots = `${this.config.QUEUE_PREFIX}:event-streams:${access.credentialId}`;
    if (!(await this.takeSlot(slots, slot))) {
      const limit = this.config.EVENT_STREAMS_PER_CREDENTIAL;
      throw new ApiError(429, `This key or session already holds ${limit} open event streams; close one first.`, {
        'Retry-After': String(STREAM_RECHECK_MS / 1000),
      });
    }
    // Fastify sends the stream (and counts it in its logs and metrics) as it is written.
    const res = new PassThrough();
    void reply
      .headers({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-store, no-transform',
        'X-Accel-Buffering': 'no', // proxies must not buffer the stream
      })
      .send(res);
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
    reply.raw.on('close', close);
    // Live events arrive from the shared poll as soon as the stream subscribes; they wait here
    // while the stream catches up on its own, and those it already wrote are dropped.
    const arrived: CallEvent[] = [];
    const matches = (e: CallEvent) =>
      (!filter.callId || e.callId === filter.callId) && (!filter.type || e.type === filter.type);
    const unsubscribe = this.poll.subscribe(
      { workspaceId, deliver: (e) => matches(e) && arrived.push(e) && wake() },
      settleMs,
    );
    let lastWrite = Date.now();
    let lastCheck = Date.now();
    const write = (batch: CallEvent[]) => {
      for (const event of batch) {
        if (event.id <= cursor) continue;
        res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`);
        cursor = event.id;
        lastWrite = Date.now();
      }
    };
    try {
      for (let caughtUp = false; !caughtUp && !closed;) {
        const settledBefore = new Date(Date.now() - settleMs);
        const batch = await this.events.next(workspaceId, { ...filter, after: cursor, settledBefore }, BATCH);
        write(batch);
        caughtUp = batch.length < BATCH;
      }
      while (!closed) {
        write(arrived.splice(0));
        if (Date.now() - lastWrite >= HEARTBEAT_MS) {
          res.write(': heartbeat\n\n');
          lastWrite = Date.now();
        }
        if (Date.now() - lastCheck >= STREAM_RECHECK_MS) {
          lastCheck = Date.now();
          if (!(await access.stillHolds())) break;
          await this.renewSlot(slots, slot);
        }
        if (arrived.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, POLL_MS).unref();
          });
        }
      }
    } catch {
      // the database went away mid-stream: end it; the client reconnects with Last-Event-ID
    } finally {
      unsubscribe();
      this.open.delete(close);
      await this.redis.zrem(slots, slot).catch(() => undefined);
      res.end();
    }
  }

  beforeApplicationShutdown(): void {
    for (const close of this.open) close();
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  private async takeSlot(slots: string, slot: string): Promise<boolean> {
    const now = Date.now();
    const limit = this.config.EVENT_STREAMS_PER_CREDENTIAL;
    try {
      return (await this.redis.eval(TAKE_SLOT, 1, slots, now, now + SLOT_TTL_MS, limit, slot)) === 1;
    } catch (e) {
      // Redis away: streams still open (their number is then bounded by the rate limit alone)
      this.logger.warn({ err: (e as Error).message, msg: 'stream limit not checked (Redis unavailable)' });
      return true;
    }
  }

  private async renewSlot(slots: string, slot: string): Promise<void> {
    await this.redis
      .multi()
      .zadd(slots, 'XX', Date.now() + SLOT_TTL_MS, slot)
      .pexpire(slots, SLOT_TTL_MS)
      .exec()
      .catch(() => undefined);
  }
}
