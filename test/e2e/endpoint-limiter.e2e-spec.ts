import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfig } from '@app/platform';
import { JobQueues, QueueName, queuePrefix, type JobName } from '@app/queues';
import { EndpointLimiter } from '../../apps/webhook-dispatcher/src/delivery/endpoint-limiter';

/**
 * The per-endpoint semaphore against the suite's Redis, with real delivery jobs: a slot freed while
 * jobs are parked goes to the job parked longest, and no send that arrives meanwhile takes it.
 */
describe('an endpoint at its cap (limiter scripts on Redis)', () => {
  const config = loadConfig({
    ...process.env,
    QUEUE_PREFIX: `limiter_${randomBytes(3).toString('hex')}`,
    WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: '2',
  });
  const queue = (name: QueueName) =>
    new Queue(name, { connection: { url: config.REDIS_URL }, prefix: queuePrefix(config, name) });
  const queues = [QueueName.CallEngine, QueueName.DomainEvents, QueueName.WebhookDeliveries, QueueName.AfterCall].map(
    queue,
  );
  const deliveries = queues[2];
  const redis = new Redis(config.REDIS_URL);
  const limiter = new EndpointLimiter(config, new JobQueues(queues[0], queues[1], queues[2], queues[3]));
  const sent = { ok: true, durationMs: 500 }; // neither grows nor shrinks the cap
  let webhook = '';

  beforeEach(() => {
    webhook = `wh_${randomBytes(4).toString('hex')}`;
  });
  afterAll(async () => {
    await limiter.onApplicationShutdown();
    redis.disconnect();
    await Promise.all(queues.map((q) => q.obliterate({ force: true }).then(() => q.close())));
  });

  /** Whether the send (its job, if any) took a slot. */
  async function took(webhookId: string, deliveryId: string, jobId: string | null): Promise<boolean> {
    return (await limiter.acquire(webhookId, deliveryId, jobId)).took;
  }

  const inFlight = () => `${config.QUEUE_PREFIX}:endpoint-in-flight:{${webhook}}`;
  const parkedKey = () => `${config.QUEUE_PREFIX}:endpoint-parked:{${webhook}}`;

  /** dlv_1 and dlv_2 in flight: the endpoint at its cap of 2. */
  async function atCap(): Promise<void> {
    expect(await took(webhook, 'dlv_1', null)).toBe(true);
    expect(await took(webhook, 'dlv_2', null)).toBe(true);
  }

  /**
   * A delivery job as a send at the endpoint's cap leaves it: parked, delayed until its fall-back timer
   * (or not yet: its worker between the refusal and the move to delayed).
   */
  async function parked(deliveryId: string, { delayed = true } = {}): Promise<string> {
    const jobId = `job_${webhook}_${deliveryId}`; // each test its own jobs
    const name: JobName = 'deliver';
    await deliveries.add(name, { webhookId: webhook, deliveryId }, { jobId, delay: delayed ? 60_000 : 0 });
    expect(await took(webhook, deliveryId, jobId)).toBe(false);
    return jobId;
  }

  it('first attempts asking at once (one script per endpoint): the cap holds, in order, per endpoint', async () => {
    const other = `wh_${randomBytes(4).toString('hex')}`;
    const until = Date.now() + 60_000;
    await redis.zadd(inFlight(), until, 'dlv_held'); // sent by another sender right now: one of the two slots
    const asks = [
      ...['dlv_1', 'dlv_held', 'dlv_2', 'dlv_3'].map((d) => limiter.acquire(webhook, d, null)),
      ...['dlv_1', 'dlv_2', 'dlv_3'].map((d) => limiter.acquire(other, d, null)),
    ];
    expect(await Promise.all(asks)).toEqual([
      { took: true },
      { took: false, busyUntil: until },
      { took: false, busyUntil: null },
      { took: false, busyUntil: null },
      { took: true },
      { took: true },
      { took: false, busyUntil: null },
    ]);
    expect((await redis.zrange(inFlight(), '0', '-1')).sort()).toEqual(['dlv_1', 'dlv_held']);
    // a parked job is served first: a slot freed while one waits is not taken by a first attempt
    const job = await parked('dlv_4');
    await limiter.finish(webhook, 'dlv_1', sent);
    expect(await Promise.all([limiter.acquire(webhook, 'dlv_5', null)])).toEqual([{ took: false, busyUntil: null }]);
    expect(await took(webhook, 'dlv_4', job)).toBe(true);
  });

  it('first attempts asking at once find slots freed by leases that ran out handed to parked jobs first', async () => {
    await atCap();
    const job = await parked('dlv_3');
    await redis.zadd(inFlight(), 0, 'dlv_1', 0, 'dlv_2'); // both senders died
    const asks = ['dlv_4', 'dlv_5'].map((d) => limiter.acquire(webhook, d, null));
    expect(await Promise.all(asks)).toEqual([{ took: true }, { took: false, busyUntil: null }]);
    expect(await deliveries.getJobState(job)).toBe('waiting');
    expect(await took(webhook, 'dlv_3', job)).toBe(true);
  });

  it('sends ending in the same turn free their slots in one call, the cap adapting to each in order', async () => {
    await atCap();
    const first = await parked('dlv_3');
    const second = await parked('dlv_4');
    const failed = { ok: false, durationMs: 5 };
    await Promise.all([limiter.finish(webhook, 'dlv_1', failed), limiter.finish(webhook, 'dlv_2', sent)]);
    // halved by the failure to 1: the one slot is held for the job parked longest
    expect(await redis.get(`${config.QUEUE_PREFIX}:endpoint-cap:{${webhook}}`)).toBe('1');
    expect(await deliveries.getJobState(first)).toBe('waiting');
    expect(await deliveries.getJobState(second)).toBe('delayed');
    expect(await took(webhook, 'dlv_5', null)).toBe(false);
    expect(await took(webhook, 'dlv_3', first)).toBe(true);
  });

  it('hands a freed slot to the job parked longest: a fresh send cannot take it before the job runs', async () => {
    await atCap();
    const first = await parked('dlv_3');
    const second = await parked('dlv_4');

    await limiter.finish(webhook, 'dlv_1', sent);
    // woken: out of its delay, waiting for a worker
    expect(await deliveries.getJobState(first)).toBe('waiting');
    expect(await deliveries.getJobState(second)).toBe('delayed');
    // the moment between the release and the woken job's run: a first attempt finds no slot
    expect(await took(webhook, 'dlv_5', null)).toBe(false);
    // nor does the younger parked job, run by its fall-back timer; it keeps its place
    expect(await took(webhook, 'dlv_4', second)).toBe(false);
    expect(await took(webhook, 'dlv_3', first)).toBe(true);

    await limiter.finish(webhook, 'dlv_2', sent);
    expect(await deliveries.getJobState(second)).toBe('waiting');
    expect(await took(webhook, 'dlv_6', null)).toBe(false);
    expect(await took(webhook, 'dlv_4', second)).toBe(true);
    // nothing parked: a freed slot is free for anyone
    await limiter.finish(webhook, 'dlv_3', sent);
    expect(await took(webhook, 'dlv_7', null)).toBe(true);
  });

  it('a job woken before it was delayed wakes itself, and the slot waits for it', async () => {
    await atCap();
    const job = await parked('dlv_3', { delayed: false });
    await limiter.finish(webhook, 'dlv_1', sent);
    expect(await took(webhook, 'dlv_4', null)).toBe(false);
    // once delayed, the job asks whether a slot woke it: it did, so it runs itself and takes the slot
    expect(await limiter.woke(webhook, job)).toBe(true);
    expect(await took(webhook, 'dlv_3', job)).toBe(true);
  });

  it('slots freed by leases that ran out go to the jobs parked longest, the one running first', async () => {
    await atCap();
    const older = await parked('dlv_3');
    const younger = await parked('dlv_4');
    // both senders died: their leases ended in the past
    await redis.zadd(inFlight(), 0, 'dlv_1', 0, 'dlv_2');
    // the older job, run by its fall-back timer, takes one; the other is held for the younger, woken
    expect(await took(webhook, 'dlv_3', older)).toBe(true);
    expect(await limiter.woke(webhook, older)).toBe(false);
    expect(await deliveries.getJobState(younger)).toBe('waiting');
    expect(await took(webhook, 'dlv_5', null)).toBe(false);
    expect(await took(webhook, 'dlv_4', younger)).toBe(true);
  });

  it('a slot held for a job whose delivery is already being sent goes to the next in line', async () => {
    await atCap();
    const duplicate = await parked('dlv_3');
    const next = await parked('dlv_4');
    // another sender takes dlv_3 meanwhile (its job run again by a stalled check, say), past the cap
    const until = Date.now() + 60_000;
    await redis.zadd(inFlight(), until, 'dlv_3');
    await limiter.finish(webhook, 'dlv_1', sent);
    await limiter.finish(webhook, 'dlv_2', sent);
    expect(await deliveries.getJobState(duplicate)).toBe('waiting');
    expect(await deliveries.getJobState(next)).toBe('delayed');
    // the duplicate cannot send dlv_3 and the slot held for it passes on; it waits for that sender's
    // lease, not in line, so no freed slot wakes it again
    expect(await limiter.acquire(webhook, 'dlv_3', duplicate)).toEqual({ took: false, busyUntil: until });
    expect(await redis.zscore(parkedKey(), duplicate)).toBeNull();
    expect(await deliveries.getJobState(next)).toBe('waiting');
    expect(await took(webhook, 'dlv_4', next)).toBe(true);
  });

  it('jobs of deliveries a dead sender holds wait for its lease, and do not wake each other', async () => {
    await atCap(); // then both senders die, their leases running
    const waiting = await parked('dlv_3');
    const again = [await parked('dlv_1'), await parked('dlv_2')];
    // nothing has freed a slot, so the two (their deliveries held already) are not in line
    expect(await redis.zrange(parkedKey(), '0', '-1')).toEqual([waiting]);
    const refused = await Promise.all(again.map((job, i) => limiter.acquire(webhook, `dlv_${i + 1}`, job)));
    for (const r of refused) expect(r.took === false && r.busyUntil! > Date.now()).toBe(true);
    expect(await redis.zrange(parkedKey(), '0', '-1')).toEqual([waiting]);
    for (const job of again) expect(await deliveries.getJobState(job)).toBe('delayed');
    // the leases run out: the job parked longest goes first, then the one whose lease ended
    await redis.zadd(inFlight(), 0, 'dlv_1', 0, 'dlv_2');
    expect(await took(webhook, 'dlv_1', again[0])).toBe(true);
    expect(await deliveries.getJobState(waiting)).toBe('waiting');
    expect(await took(webhook, 'dlv_3', waiting)).toBe(true);
  });

  it('a waker clears only its own mark: the job woken again since still wakes itself', async () => {
    await atCap();
    const job = await parked('dlv_3');
    const first = await limiter.release(webhook, 'dlv_1', sent);
    expect(first.woken).toEqual([job]);
    // before its waker clears that mark, the job runs, its slot's lease runs out and another send
    // takes the slot; the job parks again (its worker has not yet delayed it) and a freed slot wakes it
    await redis.zadd(inFlight(), 0, `job:${job}`);
    expect(await took(webhook, 'dlv_5', null)).toBe(true);
    expect(await took(webhook, 'dlv_3', job)).toBe(false);
    const second = await limiter.release(webhook, 'dlv_2', sent);
    expect(second.woken).toEqual([job]);
    // the first waker's late clear leaves the second mark: delayed now, the job finds it and runs
    expect(await limiter.clearWake(webhook, job, first.token)).toBe(false);
    expect(await limiter.woke(webhook, job)).toBe(true);
    expect(await took(webhook, 'dlv_3', job)).toBe(true);
  });
});
