import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { z } from 'zod';
import { AppConfig, contract } from '@app/platform';
import { redisClient, type RedisClient } from '@app/queues';
import { CALL_STATUSES } from '../call-status';
import { TranscriptTurn } from './transcript.contract';

/** GET /voice/call/{callId}/transcript/live: what has been said so far (README "Live transcript"). */
export const LiveTranscript = contract(
  'LiveTranscript',
  z.object({
    callId: z.string(),
    status: z.enum(CALL_STATUSES),
    turns: z
      .array(TranscriptTurn)
      .describe("The turns said so far, in order; an assistant's turn grows sentence by sentence"),
  }),
);
export type LiveTranscript = z.infer<typeof LiveTranscript>;
export type LiveTurn = z.infer<typeof TranscriptTurn>;
type Turn = LiveTurn;

/** A live transcript outlives its call by this long (the stored transcript is the lasting one). */
const KEPT_MS = 2 * 3600_000;

/**
 * The turns of calls in progress, as they are said, in Redis (one hash per call, a field per turn):
 * a SIP or web call's engine writes each turn when it is heard or said (and again as it grows or is
 * recognised); a simulated call's engine writes its whole timeline at connect, each turn with the
 * moment it is over, and readers see a turn once that moment has passed. Redis is not the record:
 * a flush loses the live view, never the transcript stored when the call ends.
 */
@Injectable()
export class LiveTranscripts implements OnModuleDestroy {
  private readonly redis: RedisClient;

  constructor(private readonly config: AppConfig) {
    this.redis = redisClient(config, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 1000 });
    this.redis.on('error', () => undefined);
  }

  /** A turn of a real call, said or heard by now (the index is its place in the transcript). */
  async record(callId: string, index: number, turn: Turn): Promise<void> {
    await this.write(callId, [[index, turn, Date.now()]]);
  }

  /** A simulated call's timeline: each turn shows once its end has passed (connectedAt + endSec). */
  async schedule(callId: string, connectedAt: Date, turns: Turn[]): Promise<void> {
    const at = connectedAt.getTime();
    await this.write(
      callId,
      turns.map((turn, i) => [i, turn, at + turn.endSec * 1000]),
    );
  }

  /** The turns over by `now`, in order. */
  async read(callId: string, now = Date.now()): Promise<Turn[]> {
    const fields = await this.redis.hgetall(this.key(callId));
    return Object.entries(fields)
      .map(([index, value]) => ({ index: Number(index), ...(JSON.parse(value) as { at: number; turn: Turn }) }))
      .filter((t) => t.at <= now)
      .sort((a, b) => a.index - b.index)
      .map((t) => t.turn);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  private async write(callId: string, turns: [number, Turn, number][]): Promise<void> {
    if (turns.length === 0) return;
    const key = this.key(callId);
    const fields = turns.flatMap(([index, turn, at]) => [String(index), JSON.stringify({ at, turn })]);
    await this.redis
      .multi()
      .hset(key, ...fields)
      .pexpire(key, KEPT_MS)
      .exec();
  }

  private key(callId: string): string {
    return `${this.config.QUEUE_PREFIX}:live-transcript:${callId}`;
  }
}
