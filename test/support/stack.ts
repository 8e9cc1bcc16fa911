import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ensureDatabase, migrate, PrismaService } from '@app/db';
import { useFastDelivery, useFastSimulator } from './engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from './gateway';
import { unfinishedCalls, waitFor } from './isolation';
import { startPostgres } from './postgres';
import { spawnApp, startRedis, startRedisCluster, type AppProcess, type RedisClusterHandle } from './processes';
import { Receiver } from './receiver';

const ALL_EVENTS = [
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'transcript.ready',
  'recording.ready',
];
export const MIXED_NUMBERS = [
  '+14155552671',
  '+15005550002',
  '+14155552672',
  '+15005550003',
  '+15005550001',
  '+15005550004',
];

/**
 * A whole deployment of the test's own: PostgreSQL and Redis on spare ports (never the shared
 * ones), the gateway, engines and dispatchers as processes, and a fixtures gateway in-process.
 */
export class Stack {
  pg!: Awaited<ReturnType<typeof startPostgres>>;
  redis!: Awaited<ReturnType<typeof startRedis>>;
  /** With `cluster: true`: a three-master Redis Cluster instead of one Redis. */
  cluster?: RedisClusterHandle;
  fixtures!: INestApplication;
  gateway!: AppProcess;
  readonly gateways: AppProcess[] = [];
  readonly engines: AppProcess[] = [];
  readonly dispatchers: AppProcess[] = [];
  readonly receivers: Receiver[] = [];
  ws!: TestWorkspace;
  agentId!: string;

  static async start(
    opts: {
      engines?: number;
      dispatchers?: number;
      gateways?: number;
      cluster?: boolean;
      webhookTimeoutMs?: number;
    } = {},
  ): Promise<Stack> {
    const s = new Stack();
    // Everything starts side by side where it can, so one start uses the cores another leaves idle (an app's
    // start is about 3 CPU-s, mostly loading modules): on two cores the racing scenario went from 24.0 to 20.5 s.
    const [pg, redis, cluster] = await Promise.all([
      startPostgres(),
      opts.cluster ? undefined : startRedis(),
      opts.cluster ? startRedisCluster() : undefined,
    ]);
    s.pg = pg;
    process.env.DATABASE_URL = s.pg.url;
    if (cluster) {
      s.cluster = cluster;
      s.cluster.useForApps();
    } else {
      s.redis = redis!;
      process.env.REDIS_URL = s.redis.url;
    }
    useFastSimulator();
    useFastDelivery({ timeoutMs: opts.webhookTimeoutMs });
    process.env.WEBHOOK_MAX_ATTEMPTS = '12';
    process.env.WEBHOOK_BACKOFF_MAX_MS = '1500';
    process.env.RECONCILE_INTERVAL_MS = '300';
    process.env.DISPATCH_RECONCILE_INTERVAL_MS = '300';
    process.env.LOG_LEVEL = 'error';
    await ensureDatabase(s.pg.url);
    await migrate(s.pg.url);
    const times = (n = 1, start: () => Promise<unknown>) => Array.from({ length: n }, start);
    [s.fixtures] = await Promise.all([
      startGateway(),
      ...times(opts.gateways, () => s.addGateway()),
      ...times(opts.engines, () => s.addEngine()),
      ...times(opts.dispatchers, () => s.addDispatcher()),
    ]);
    s.gateway = s.gateways[0];
    s.ws = await createWorkspace(s.fixtures, 'faults');
    s.agentId = (
      await createAssistant(s.fixtures, s.ws.keys.admin, {
        script: [{ hear: 'Hi' }, { say: 'Just a reminder.' }, { hangup: 'assistant' }],
      })
    ).agentId;
    return s;
  }

  addGateway(): Promise<AppProcess> {
    return this.spawnInto('api-gateway', this.gateways);
  }

  addEngine(): Promise<AppProcess> {
    return this.spawnInto('call-engine', this.engines);
  }

  addDispatcher(): Promise<AppProcess> {
    return this.spawnInto('webhook-dispatcher', this.dispatchers);
  }

  private async spawnInto(app: Parameters<typeof spawnApp>[0], list: AppProcess[]): Promise<AppProcess> {
    const p = await spawnApp(app, {});
    list.push(p);
    return p;
  }

  /** A receiver subscribed to every event, answering as `behaviour` says. */
  async receiver(behaviour?: Receiver['behaviour']): Promise<{ receiver: Receiver; webhookId: string }> {
    const receiver = await Receiver.http();
    if (behaviour) receiver.behaviour = behaviour;
    this.receivers.push(receiver);
    const res = await as(this.fixtures, this.ws.keys.admin).post('/api/core/webhook', {
      url: receiver.url,
      events: ALL_EVENTS,
    });
    if (res.status !== 201) throw new Error(`webhook not registered: ${JSON.stringify(res.body)}`);
    return { receiver, webhookId: res.body.webhookId };
  }

  /** Starts a call through a gateway process (the i-th call through gateway i mod n); null when not accepted. */
  async startCall(i: number): Promise<{ status: number; callId: string | null; body: unknown }> {
    try {
      const gateway = this.gateways[i % this.gateways.length];
      const res = await fetch(`http://127.0.0.1:${gateway.port}/api/core/voice/agent/call`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.ws.keys.member}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ agentId: this.agentId, to: MIXED_NUMBERS[i % MIXED_NUMBERS.length], metadata: { i } }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { callId?: string };
      return { status: res.status, callId: res.status === 201 ? body.callId! : null, body };
    } catch {
      return { status: 0, callId: null, body: null };
    }
  }

  /** Has the simulated carrier ring `to` (one of the workspace's numbers) from `from`; null when refused. */
  async ring(to: string, from: string): Promise<string | null> {
    try {
      const res = await fetch(`http://127.0.0.1:${this.gateway.port}/api/core/voice/simulator/inbound`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.ws.keys.member}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ to, from }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { callId?: string };
      return res.status === 202 ? body.callId! : null;
    } catch {
      return null;
    }
  }

  /**
   * The audit every scenario ends with: every call final (with its media when it connected),
   * no event duplicated in the log, and for each healthy webhook one succeeded delivery per event
   * that the receiver got at least once: none lost.
   */
  async audit(
    callIds: string[],
    healthy: { receiver: Receiver; webhookId: string }[],
    timeoutMs = 45_000,
  ): Promise<void> {
    const prisma = this.fixtures.get(PrismaService);
    await waitFor(
      'every call to be final with its media',
      async () => (await prisma.call.count({ where: unfinishedCalls(callIds) })) === 0,
      timeoutMs,
      200,
    );
    // every slot a call held is free again (call-slots.sql): none leaks through a crash
    expect(await prisma.callSlot.count({ where: { callId: { in: callIds } } })).toBe(0);
    const events = await prisma.callEvent.findMany({ where: { callId: { in: callIds } } });
    const perCallType = new Set(events.map((e) => `${e.callId}/${e.type}`));
    expect(perCallType.size).toBe(events.length);
    for (const callId of callIds) {
      const seqs = events
        .filter((e) => e.callId === callId)
        .map((e) => e.sequence)
        .sort((a, b) => a - b);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    for (const { receiver, webhookId } of healthy) {
      await waitFor(
        `every event delivered to ${webhookId}`,
        async () =>
          (await prisma.webhookDelivery.count({
            where: { webhookId, status: 'succeeded', eventId: { in: events.map((e) => e.id) } },
          })) === events.length,
        timeoutMs,
        200,
      ).catch(async (e: Error) => {
        const report = await this.undelivered(
          webhookId,
          events.map((ev) => ev.id),
        );
        throw new Error(`${e.message}\n${report}`);
      });
      const got = new Set(receiver.received.map((r) => `${r.json.data?.callId}/${r.json.event}`));
      const missing = events.filter((e) => !got.has(`${e.callId}/${e.type}`)).map((e) => `${e.callId}/${e.type}`);
      expect(missing).toEqual([]);
    }
  }

  /**
   * What holds the deliveries still undelivered, for a failed audit's message: each row, the Redis keys
   * naming it (its job's hash and the queue sets holding it) and the endpoint limiter's keys.
   */
  private async undelivered(webhookId: string, eventIds: string[]): Promise<string> {
    const prisma = this.fixtures.get(PrismaService);
    const rows = await prisma.webhookDelivery.findMany({
      where: { webhookId, eventId: { in: eventIds }, status: { not: 'succeeded' } },
    });
    const redis = new Redis(process.env.REDIS_URL!);
    const show = async (key: string) => {
      const type = await redis.type(key);
      if (type === 'hash') return redis.hgetall(key);
      if (type === 'zset') return redis.zrange(key, '0', '-1', 'WITHSCORES');
      if (type === 'list') return redis.lrange(key, 0, -1);
      if (type === 'set') return redis.smembers(key);
      return redis.get(key);
    };
    const lines = [`undelivered at ${Date.now()} (${new Date().toISOString()}):`];
    try {
      const states = ['delayed', 'wait', 'active', 'prioritized'];
      const sets = (await Promise.all(states.map((state) => redis.keys(`*:${state}`)))).flat();
      // each queue set read once, whatever the number of rows
      const members = await Promise.all(sets.map(async (key) => JSON.stringify(await show(key))));
      for (const row of rows) {
        lines.push(JSON.stringify(row));
        for (const key of await redis.keys(`*${row.id}*`)) lines.push(`${key} ${JSON.stringify(await show(key))}`);
        sets.forEach((key, i) => members[i].includes(row.id) && lines.push(`in ${key}`));
      }
      for (const key of await redis.keys(`*endpoint-*{${webhookId}}*`)) {
        lines.push(`${key} ${JSON.stringify(await show(key))}`);
      }
    } catch (e) {
      lines.push(`Redis not read: ${(e as Error).message}`); // a cluster answers MOVED for another node's keys
    } finally {
      redis.disconnect();
    }
    return lines.join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all(
      [...this.gateways, ...this.engines, ...this.dispatchers].filter(Boolean).map((p) => p.kill('SIGKILL')),
    );
    await this.fixtures?.close();
    await Promise.all(this.receivers.map((r) => r.close()));
    await this.redis?.stop();
    await this.cluster?.stop();
    this.pg?.destroy();
  }
}
