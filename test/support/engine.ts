import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { httpAdapter, type NestFastifyApplication } from '@app/platform/http';
import { EngineModule } from '../../apps/call-engine/src/engine.module';
import { DispatcherModule } from '../../apps/webhook-dispatcher/src/dispatcher.module';

/** Test pace of the simulator: a whole call in about a second. */
export function useFastSimulator(): void {
  process.env.SIM_RING_MS = '150';
  process.env.SIM_RING_TIMEOUT_MS = '400';
  process.env.SIM_MS_PER_WORD = '15';
  process.env.SIM_TURN_GAP_MS = '20';
  process.env.RECONCILE_INTERVAL_MS = '500';
}

/** Boots a real call-engine (workers, reconciler) in this process. */
export async function startEngine(): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [EngineModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(httpAdapter(), {
    bodyParser: false,
    logger: ['error'],
  });
  await app.init();
  return app;
}

/**
 * Test pace of webhook delivery: short timeout and backoff, few attempts. A suite whose receivers take
 * their time to answer asks for a longer send timeout (`timeoutMs`), so a loaded machine does not
 * turn a slow answer into a retry the suite did not expect.
 */
export function useFastDelivery({ timeoutMs = 500 }: { timeoutMs?: number } = {}): void {
  process.env.WEBHOOK_ALLOW_HTTP = 'true';
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.WEBHOOK_TIMEOUT_MS = String(timeoutMs);
  process.env.WEBHOOK_BACKOFF_BASE_MS = '60';
  process.env.WEBHOOK_BACKOFF_MAX_MS = '600';
  process.env.WEBHOOK_MAX_ATTEMPTS = '4';
  process.env.DISPATCH_RECONCILE_INTERVAL_MS = '500';
}

/** Boots a real webhook-dispatcher (fan-out, delivery workers, reconciler) in this process. */
export async function startDispatcher(): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [DispatcherModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(httpAdapter(), {
    bodyParser: false,
    logger: ['error'],
  });
  await app.init();
  return app;
}

/**
 * The statuses a call went through, from its events (call.started, call.connected, its final event with
 * `finalStatus`): polling the API can miss the fast simulator's short in-progress phase under load.
 */
export function statusesFromEvents(events: { type: string }[], finalStatus: string): string[] {
  return events.flatMap((e) =>
    e.type === 'call.started'
      ? ['ringing']
      : e.type === 'call.connected'
        ? ['in-progress']
        : ['call.completed', 'call.failed'].includes(e.type)
          ? [finalStatus]
          : [],
  );
}
