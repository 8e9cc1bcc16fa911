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
  const queues = [queue(QueueName.CallEngine), queue(QueueName.DomainEvents), queue(QueueName.WebhookDeliveries)];
  const deliveries = queues[2];
  const redis = new Redis(config.REDIS_URL);
  const limiter = new EndpointLimiter(config, new JobQueues(queues[0], queues[1], queues[2]));
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

  /** dlv_1 and dlv_2 in flight: the endpoint at its cap of 2. */
  async function atCap(): Promise<void> {
    expect(await limiter.acquire(webhook, 'dlv_1', null)).toBe(true);
    expect(await limiter.acquire(webhook, 'dlv_2', null)).toBe(true);
  }

  /**
   * A delivery job as a send at the endpoint's cap leaves it: parked, delayed until its fall-back timer
   * (or not yet: its worker between the refusal and the move to delayed).
   */
  async function parked(deliveryId: string, { delayed = true } = {}): Promise<string> {
    const jobId = `job_${deliveryId}`;
    const name: JobName = 'deliver';
    await deliveries.add(name, { webhookId: webhook, deliveryId }, { jobId, delay: delayed ? 60_000 : 0 });
    expect(await limiter.acquire(webhook, deliveryId, jobId)).toBe(false);
    return jobId;
  }

  it('hands a freed slot to the job parked longest: a fresh send cannot take it before the job runs', async () => {
    await atCap();
    const first = await parked('dlv_3');
    const second = await parked('dlv_4');

    await limiter.finish(webhook, 'dlv_1', sent);
    // woken: out of its delay, waiting for a worker
    expect(await deliveries.getJobState(first)).toBe('waiting');
    expect(await deliveries.getJobState(second)).toBe('delayed');
    // the moment between the release and the woken job's run: a first attempt finds no slot
    expect(await limiter.acquire(webhook, 'dlv_5', null)).toBe(false);
    // nor does the younger parked job, run by its fall-back timer; it keeps its place
    expect(await limiter.acquire(webhook, 'dlv_4', second)).toBe(false);
    expect(await limiter.acquire(webhook, 'dlv_3', first)).toBe(true);

    await limiter.finish(webhook, 'dlv_2', sent);
    expect(await deliveries.getJobState(second)).toBe('waiting');
    expect(await limiter.acquire(webhook, 'dlv_6', null)).toBe(false);
    expect(await limiter.acquire(webhook, 'dlv_4', second)).toBe(true);
    // nothing parked: a freed slot is free for anyone
    await limiter.finish(webhook, 'dlv_3', sent);
    expect(await limiter.acquire(webhook, 'dlv_7', null)).toBe(true);
  });

  it('a job woken before it was delayed wakes itself, and the slot waits for it', async () => {
    await atCap();
    const job = await parked('dlv_3', { delayed: false });
    await limiter.finish(webhook, 'dlv_1', sent);
    expect(await limiter.acquire(webhook, 'dlv_4', null)).toBe(false);
    // once delayed, the job asks whether a slot woke it: it did, so it runs itself and takes the slot
    expect(await limiter.woke(webhook, job)).toBe(true);
    expect(await limiter.acquire(webhook, 'dlv_3', job)).toBe(true);
  });

  it('slots freed by leases that ran out go to the jobs parked longest, the one running first', async () => {
    await atCap();
    const older = await parked('dlv_3');
    const younger = await parked('dlv_4');
    // both senders died: their leases ended in the past
    await redis.zadd(`${config.QUEUE_PREFIX}:endpoint-in-flight:{${webhook}}`, 0, 'dlv_1', 0, 'dlv_2');
    // the older job, run by its fall-back timer, takes one; the other is held for the younger, woken
    expect(await limiter.acquire(webhook, 'dlv_3', older)).toBe(true);
    expect(await limiter.woke(webhook, older)).toBe(false);
    expect(await deliveries.getJobState(younger)).toBe('waiting');
    expect(await limiter.acquire(webhook, 'dlv_5', null)).toBe(false);
    expect(await limiter.acquire(webhook, 'dlv_4', younger)).toBe(true);
  });

  it('a slot held for a job whose delivery is already being sent goes to the next in line', async () => {
    await atCap();
    // a second job for dlv_2 (the reconciler queued it again) parks, then a younger delivery's job
    const duplicate = await parked('dlv_2');
    const next = await parked('dlv_3');
    await limiter.finish(webhook, 'dlv_1', sent);
    expect(await deliveries.getJobState(duplicate)).toBe('waiting');
    // dlv_2 is still in flight: the duplicate cannot send it, and the slot held for it passes on
    expect(await limiter.acquire(webhook, 'dlv_2', duplicate)).toBe(false);
    expect(await deliveries.getJobState(next)).toBe('waiting');
    expect(await limiter.acquire(webhook, 'dlv_3', next)).toBe(true);
  });
});
