import type { WorkerOptions } from 'bullmq';
import { AppConfig } from '@app/platform';
import { JobConsumer, type JobHandlers } from './job-consumer';
import { FairShare } from './fair-share';
import { jobOptions, JOBS, jobSpec, jobsOfQueue, QueueName, wakeUpJob } from './jobs';

describe('the job table', () => {
  it('names the same work with the same id, so asking twice makes one job', () => {
    expect(jobSpec('dial-call').id({ callId: 'call_1' })).toBe('call_1');
    expect(jobSpec('end-call').id({ callId: 'call_1' })).toBe('end-call_1');
    const wake = { callId: 'call_1', step: 'connect', at: 1_700_000_000_000 };
    expect(jobSpec('advance-call').id(wake)).toBe(jobSpec('advance-call').id({ ...wake, requestId: 'r' }));
    expect(jobSpec('advance-call').id(wake)).not.toBe(jobSpec('advance-call').id({ ...wake, at: wake.at + 1 }));
    expect(jobSpec('advance-call').notBefore?.(wake)).toBe(wake.at);
    expect(jobSpec('fan-out').id({ eventId: 'evt_1' })).toBe('evt_1');
    // a retry or replay of a delivery is a new round, hence a new job
    const round = { deliveryId: 'dlv_1', webhookId: 'wh_1', round: 0 };
    expect(jobSpec('deliver').id(round)).not.toBe(jobSpec('deliver').id({ ...round, round: 1 }));
  });

  it('puts every job on one queue and every queue has jobs', () => {
    const byQueue = Object.values(QueueName).map((q) => jobsOfQueue(q));
    expect(byQueue.flat().sort()).toEqual(Object.keys(JOBS).sort());
    for (const jobs of byQueue) expect(jobs.length).toBeGreaterThan(0);
  });
});

describe('fair share', () => {
  const t = 1_700_000_000_000;

  it("puts a quiet tenant's job ahead of all but the first ten of a busy tenant's burst", () => {
    const fair = new FairShare();
    const burst = Array.from({ length: 1000 }, () => fair.priority('busy', t));
    const quiet = fair.priority('quiet', t + 10);
    expect(burst.filter((p) => p <= quiet)).toHaveLength(10);
  });

  it("serves one tenant's backlog oldest first: its priorities never go down", () => {
    const fair = new FairShare();
    const priorities: number[] = [];
    // 300 jobs/s for 3 s, faster than its fair share, enqueued 10 ms apart
    for (let i = 0; i < 900; i++) priorities.push(fair.priority('busy', t + i * (1000 / 300)));
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    // two seconds after the burst, its tags are still in the future: a new job follows them
    expect(fair.priority('busy', t + 5000)).toBeGreaterThan(priorities.at(-1)!);
  });

  it('starts a tenant afresh once its tags are in the past', () => {
    const fair = new FairShare();
    for (let i = 0; i < 20; i++) fair.priority('busy', t);
    expect(fair.priority('busy', t + 60_000)).toBe(fair.priority('other', t + 60_000));
  });

  it('gives fan-out jobs a priority per workspace, deliveries one per webhook', () => {
    const fair = new FairShare();
    for (let i = 0; i < 50; i++) jobOptions('fan-out', { eventId: `e${i}`, workspaceId: 'ws_a' }, fair);
    const quiet = jobOptions('fan-out', { eventId: 'e', workspaceId: 'ws_b' }, fair).priority!;
    expect(jobOptions('fan-out', { eventId: 'e51', workspaceId: 'ws_a' }, fair).priority).toBeGreaterThan(quiet);
    const round = { deliveryId: 'dlv_1', webhookId: 'wh_1', round: 0 };
    expect(jobOptions('deliver', round, fair).priority).toBeGreaterThan(0);
    expect(jobOptions('dial-call', { callId: 'call_1' }, fair).priority).toBeUndefined();
  });

  it("wakes an ended call's after-call work on its own queue, every other step on the engine's", () => {
    expect(jobSpec(wakeUpJob('complete')).queue).toBe(QueueName.CallEngine);
    for (const step of ['store-transcript', 'store-recording', 'analyse'])
      expect(jobSpec(wakeUpJob(step)).queue).toBe(QueueName.AfterCall);
  });
});

describe('a queue consumer', () => {
  class Incomplete extends JobConsumer<QueueName.CallEngine> {
    protected readonly queue = QueueName.CallEngine;
    // Deliberately missing 'end-call' and 'advance-call' (the type system would refuse this).
    protected readonly handlers = {
      'dial-call': async () => undefined,
    } as unknown as JobHandlers<QueueName.CallEngine>;
    constructor() {
      super(new AppConfig());
    }
    protected workerOptions(): Partial<WorkerOptions> {
      return {};
    }
  }

  it('refuses to boot when a job of its queue has no handler', () => {
    expect(() => new Incomplete().onApplicationBootstrap()).toThrow(
      /no handler for end-call, transfer-call, advance-call/,
    );
  });
});
