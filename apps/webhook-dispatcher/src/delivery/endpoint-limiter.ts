import { randomBytes } from 'node:crypto';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import DataLoader from 'dataloader';
import { AppConfig } from '@app/platform';
import { JobQueues, redisClient, type RedisClient } from '@app/queues';

/** Parked job ids are forgotten after an hour of no parking (their fall-back wake-ups have run them). */
const PARKED_TTL_MS = 3_600_000;

/** Where an endpoint's cap starts, and the slowest reply that still lets it grow / keeps it. */
export const ADAPTIVE = { startCap: 4, fastMs: 250, slowMs: 1000 } as const;

// A counting semaphore in Redis shared by every dispatcher process: a sorted set of holders scored
// by when their lease runs out (a crashed holder frees its slot by itself), beside the endpoint's
// current cap, the jobs parked until a slot frees (scored by when they first parked: oldest first)
// and the parked jobs already woken (a hash: job → its waker's mark). The keys share the webhook's
// hash tag, so a Redis Cluster runs each script on one node.
//
// A slot that frees while jobs are parked is handed to the one parked longest: it is held for that
// job ("job:<id>", under a holder's lease) until the job, woken, runs and takes it. A send that
// arrives meanwhile finds no slot free, so a parked delivery cannot be passed by a younger one. A
// woken job that never comes (gone from its queue) holds its slot only until the lease runs out.
// Each wake-up is marked with the waker's token: whoever runs the job clears only its own
// mark, so a mark made since (the job woken again) is never lost. Answers the jobs to wake: each it
// handed a slot to but `own` (the caller's job, running already).
const HAND_OVER = `
local function handOver(now, lease, cap, own, token)
  local woken = {}
  while redis.call('ZCARD', KEYS[1]) < cap do
    local job = redis.call('ZPOPMIN', KEYS[3])[1]
    if not job then break end
    redis.call('ZADD', KEYS[1], now + lease, 'job:' .. job)
    redis.call('PEXPIRE', KEYS[1], lease)
    if job ~= own then
      redis.call('HSET', KEYS[4], job, token)
      redis.call('PEXPIRE', KEYS[4], ${PARKED_TTL_MS})
      woken[#woken + 1] = job
    end
  end
  return woken
end`;

// Takes a slot for the holder (a delivery: one send of it at a time, whoever sends it): the one held
// for its job (ARGV[6]), or a free one once no job is parked; else parks the job (unless ARGV[6] is
// empty) in the same step, so a slot freed at any moment after the refusal finds the job to wake.
// Slots freed by leases that ran out go to parked jobs first. A delivery held already (a duplicate
// job, or a stalled one run again while its dead sender's lease runs) is not parked: a slot would wake
// it at once to be refused again, so two such jobs would wake each other in a loop until the lease
// ends. Its slot goes to the next in line and it answers when the holder's lease ends.
// Answers {1 or 0, that lease's end or 0, jobs woken...}.
const ACQUIRE = `${HAND_OVER}
local now, lease = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local cap = math.min(tonumber(redis.call('GET', KEYS[2]) or ARGV[5]), tonumber(ARGV[4]))
local function heldForJob()
  return ARGV[6] ~= '' and redis.call('ZREM', KEYS[1], 'job:' .. ARGV[6]) == 1
end
local held, woken = heldForJob(), {}
if not held then
  -- the job may be the one parked longest (run by its fall-back timer): then a slot is handed to it
  woken = handOver(now, lease, cap, ARGV[6], ARGV[7])
  held = heldForJob()
end
local busyUntil = redis.call('ZSCORE', KEYS[1], ARGV[3])
if not busyUntil and (held or redis.call('ZCARD', KEYS[1]) < cap) then
  redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], lease)
  redis.call('ZREM', KEYS[3], ARGV[6])
  return {1, 0, unpack(woken)}
end
if busyUntil then
  redis.call('ZREM', KEYS[3], ARGV[6])
  if held then
    for _, job in ipairs(handOver(now, lease, cap, '', ARGV[7])) do woken[#woken + 1] = job end
  end
  return {0, busyUntil, unpack(woken)}
end
if ARGV[6] ~= '' then
  redis.call('ZADD', KEYS[3], 'NX', now, ARGV[6])
  redis.call('PEXPIRE', KEYS[3], ${PARKED_TTL_MS})
end
return {0, 0, unpack(woken)}`;

// ACQUIRE for sends without a job (fan-outs' first attempts), several deliveries of one endpoint in one call, in
// order: each takes a free slot, once no job is parked, unless it is held already (answering its lease's end) or the
// endpoint is at its cap (answering 0); nothing is parked. The same steps ACQUIRE takes with ARGV[6] empty, so the
// same outcome as one ACQUIRE per delivery in a row. Answers {n, each answer (1 took, 0, or a lease's end)..., jobs
// woken...}. ARGV: now, lease, max, start cap, token, then the deliveries.
const ACQUIRE_FIRST = `${HAND_OVER}
local now, lease = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local cap = math.min(tonumber(redis.call('GET', KEYS[2]) or ARGV[4]), tonumber(ARGV[3]))
local woken = handOver(now, lease, cap, '', ARGV[5])
local answers = {}
for i = 6, #ARGV do
  local busyUntil = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if busyUntil then
    answers[#answers + 1] = busyUntil
  elseif redis.call('ZCARD', KEYS[1]) < cap then
    redis.call('ZADD', KEYS[1], now + lease, ARGV[i])
    redis.call('PEXPIRE', KEYS[1], lease)
    answers[#answers + 1] = 1
  else
    answers[#answers + 1] = 0
  end
end
local n = #answers
for _, job in ipairs(woken) do answers[#answers + 1] = job end
return {n, unpack(answers)}`;

// Frees holders' slots and adapts the cap to how the endpoint answered each, in order: one more after a
// fast success, half after a failure or a slow reply (additive increase, multiplicative decrease).
// Hands each free slot to a parked job (see above), marking it woken (it may not be delayed yet: it
// then wakes itself). Answers {cap, jobs woken...}. ARGV: now, lease, max, start cap, token, then
// (holder, 'grow' | 'keep' | 'shrink') pairs: the sends of one endpoint that ended in one turn.
const RELEASE = `${HAND_OVER}
local now, lease, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 6, #ARGV, 2 do redis.call('ZREM', KEYS[1], ARGV[i]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local cap = math.min(tonumber(redis.call('GET', KEYS[2]) or ARGV[4]), max)
for i = 7, #ARGV, 2 do
  if ARGV[i] == 'grow' then cap = math.min(cap + 1, max)
  elseif ARGV[i] == 'shrink' then cap = math.max(1, math.floor(cap / 2)) end
end
redis.call('SET', KEYS[2], cap, 'PX', 3600000)
return {cap, unpack(handOver(now, lease, cap, '', ARGV[5]))}`;

// Clears the job's wake-up mark if it is still the caller's (ARGV[2]): one made since stays.
const CLEAR_WAKE = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;

/** The scripts above as commands of the client (defineCommand). */
interface Scripts {
  endpointAcquire(...keysAndArgs: (string | number)[]): Promise<[number, number | string, ...string[]]>;
  endpointRelease(...keysAndArgs: (string | number)[]): Promise<[number, ...string[]]>;
  endpointAcquireFirst(...keysAndArgs: (string | number)[]): Promise<[number, ...(number | string)[]]>;
  endpointClearWake(key: string, jobId: string, token: string): Promise<number>;
}

/**
 * What acquire found: the slot is the caller's; or not, and the delivery is held by another sender
 * until `busyUntil` at the latest (its job is not parked), or its job (if any) is parked (busyUntil null).
 */
export type Admission = { took: true } | { took: false; busyUntil: number | null };

/**
 * A loader whose requests of one turn of the event loop are answered with one call per webhook, `run` (a script on
 * the webhook's keys, which share its hash tag: one node of a Redis Cluster), its answers in the requests' order.
 */
function perEndpoint<K extends object, V>(run: (webhookId: string, requests: K[]) => Promise<V[]>) {
  return new DataLoader<K & { webhookId: string }, V>(
    async (requests) => {
      const byWebhook = new Map<string, number[]>();
      for (const [i, { webhookId }] of requests.entries()) {
        const at = byWebhook.get(webhookId);
        if (at) at.push(i);
        else byWebhook.set(webhookId, [i]);
      }
      const answers: (V | Error)[] = [];
      await Promise.all(
        [...byWebhook].map(async ([webhookId, at]) => {
          try {
            const mine = await run(
              webhookId,
              at.map((i) => requests[i]),
            );
            at.forEach((i, k) => (answers[i] = mine[k]));
          } catch (e) {
            for (const i of at) answers[i] = e as Error;
          }
        }),
      );
      return answers;
    },
    { cache: false, maxBatchSize: 200, batchScheduleFn: (next) => setImmediate(next) },
  );
}

/**
 * One of ACQUIRE_FIRST's answers (or ACQUIRE's second, once it refused): 1 took a slot, 0 none free, else the end of
 * the lease holding the delivery.
 */
function admissionOf(answer: number | string): Admission {
  const n = Number(answer);
  return n === 1 ? { took: true } : { took: false, busyUntil: n || null };
}

/** The new cap, the jobs a slot is now held for, and the mark their wake-ups carry. */
export interface ReleaseResult {
  cap: number;
  woken: string[];
  token: string;
}

/** How a send went, for the endpoint's cap. */
export type SendOutcome = { ok: boolean; durationMs: number } | null;

/** What a send does to its endpoint's cap: a fast success grows it, a failure or slow reply halves it. */
export function capChange(sent: SendOutcome): 'grow' | 'keep' | 'shrink' {
  if (!sent) return 'keep';
  if (!sent.ok || sent.durationMs > ADAPTIVE.slowMs) return 'shrink';
  return sent.durationMs <= ADAPTIVE.fastMs ? 'grow' : 'keep';
}

/**
 * Caps concurrent sends per webhook across all dispatchers, adaptively: an endpoint starts at 4
 * in flight, gains one after each success answered within 250 ms and halves after an error,
 * timeout or reply slower than 1 s, between 1 and WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT. A healthy
 * fast receiver is not the bottleneck; a slow or failing one holds few workers, whatever its
 * backlog, and the rest go to healthy ones.
 */
@Injectable()
export class EndpointLimiter implements OnApplicationShutdown {
  private readonly redis: RedisClient;
  /** The same client, with the scripts defined on it. */
  private readonly scripts: Scripts;
  private readonly leaseMs: number;
  /** Marks this process's wake-ups: `<process>:<n>`, unique across dispatchers. */
  private readonly tokenPrefix = `${randomBytes(6).toString('hex')}:`;
  private tokens = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly queues: JobQueues,
  ) {
    // Commands of concurrent deliveries issued in the same tick go out in one write.
    this.redis = redisClient(config, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
    // by their hash (EVALSHA), not their text
    this.redis.defineCommand('endpointAcquire', { numberOfKeys: 4, lua: ACQUIRE });
    this.redis.defineCommand('endpointRelease', { numberOfKeys: 4, lua: RELEASE });
    this.redis.defineCommand('endpointAcquireFirst', { numberOfKeys: 4, lua: ACQUIRE_FIRST });
    this.redis.defineCommand('endpointClearWake', { numberOfKeys: 1, lua: CLEAR_WAKE });
    this.scripts = this.redis as unknown as Scripts;
    this.leaseMs = config.WEBHOOK_TIMEOUT_MS + 5000;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }

  /**
   * A slot for the delivery, or none with its job (if any) parked: a slot freed later is held for it
   * and wakes it (see woke). None either while the delivery is held already (a first attempt and a
   * job the reconciler queued for it, or a stalled job run again): then nothing is parked, and the
   * holder's lease ends by `busyUntil`; whoever takes it second reads what the first recorded. A send
   * without a job (a fan-out's first attempt) parks nothing: it is queued instead.
   */
  async acquire(webhookId: string, deliveryId: string, jobId: string | null): Promise<Admission> {
    if (jobId === null) return this.firstSends.load({ webhookId, deliveryId });
    const token = this.token();
    const [took, busyUntil, ...woken] = await this.scripts.endpointAcquire(
      ...this.keys(webhookId),
      Date.now(),
      this.leaseMs,
      deliveryId,
      this.config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
      ADAPTIVE.startCap,
      jobId ?? '',
      token,
    );
    await this.wake(webhookId, woken, token);
    return took === 1 ? { took: true } : admissionOf(busyUntil);
  }

  /**
   * Sends without a job asking in the same turn of the event loop (a batch of fan-outs' first attempts), one script
   * per endpoint (ACQUIRE_FIRST) instead of one per send: in a burst, a dozen sends to each endpoint at once.
   */
  private readonly firstSends = perEndpoint<{ deliveryId: string }, Admission>(async (webhookId, sends) => {
    const token = this.token();
    const [n, ...rest] = await this.scripts.endpointAcquireFirst(
      ...this.keys(webhookId),
      ...this.scriptArgs(token),
      ...sends.map((s) => s.deliveryId),
    );
    await this.wake(webhookId, rest.slice(Number(n)).map(String), token);
    return rest.slice(0, Number(n)).map(admissionOf);
  });

  /** Sends that ended in the same turn of the event loop: one RELEASE per endpoint, and its wake-ups. */
  private readonly ends = perEndpoint<{ deliveryId: string; sent: SendOutcome }, void>(async (webhookId, ends) => {
    const { woken, token } = await this.releaseAll(webhookId, ends);
    await this.wake(webhookId, woken, token);
    return ends.map(() => undefined);
  });

  /**
   * Frees the slot; `sent` (null: nothing was sent) adapts the endpoint's cap. Answers the new cap and
   * the jobs a slot is now held for (parked longest at this endpoint).
   */
  release(webhookId: string, deliveryId: string, sent: SendOutcome): Promise<ReleaseResult> {
    return this.releaseAll(webhookId, [{ deliveryId, sent }]);
  }

  /** Frees the slot (see release) and runs the jobs it was handed to, with other sends' ends of the same turn. */
  finish(webhookId: string, deliveryId: string, sent: SendOutcome): Promise<void> {
    return this.ends.load({ webhookId, deliveryId, sent });
  }

  private async releaseAll(
    webhookId: string,
    ends: readonly { deliveryId: string; sent: SendOutcome }[],
  ): Promise<ReleaseResult> {
    const token = this.token();
    const [cap, ...woken] = await this.scripts.endpointRelease(
      ...this.keys(webhookId),
      ...this.scriptArgs(token),
      ...ends.flatMap((e) => [e.deliveryId, capChange(e.sent)]),
    );
    return { cap: Number(cap), woken, token };
  }

  /** The arguments ACQUIRE_FIRST and RELEASE begin with. */
  private scriptArgs(token: string): [number, number, number, number, string] {
    return [Date.now(), this.leaseMs, this.config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT, ADAPTIVE.startCap, token];
  }

  /**
   * Whether a slot freed since the job parked woke it (asked once its job is delayed): a wake-up that
   * came before the job was delayed could not run it, so the job runs itself now.
   */
  async woke(webhookId: string, jobId: string): Promise<boolean> {
    return (await this.redis.hdel(this.keys(webhookId)[3], jobId)) === 1;
  }

  /**
   * Runs each woken job that is delayed by now (one that is not yet wakes itself: see woke), then
   * clears the mark this wake-up made, not one made since: the job may have run, parked and been
   * woken again meanwhile, still running, and needs that mark to wake itself once delayed.
   */
  private async wake(webhookId: string, jobIds: string[], token: string): Promise<void> {
    await Promise.all(
      jobIds.map(async (id) => {
        if (await this.queues.promote('deliver', id)) await this.clearWake(webhookId, id, token);
      }),
    );
  }

  /** Clears the job's wake-up mark if it is still the one `token` made (see wake). */
  async clearWake(webhookId: string, jobId: string, token: string): Promise<boolean> {
    return (await this.scripts.endpointClearWake(this.keys(webhookId)[3], jobId, token)) === 1;
  }

  private token(): string {
    return this.tokenPrefix + (++this.tokens).toString(36);
  }

  /** In flight, cap, parked, woken: one hash tag per webhook, so each script runs on one cluster node. */
  private keys(webhookId: string): [string, string, string, string] {
    const key = (name: string) => `${this.config.QUEUE_PREFIX}:endpoint-${name}:{${webhookId}}`;
    return [key('in-flight'), key('cap'), key('parked'), key('wakes')];
  }
}
