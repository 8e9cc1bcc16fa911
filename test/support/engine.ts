import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EngineModule } from '../../apps/call-engine/src/engine.module';

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
  const app = moduleRef.createNestApplication({ logger: ['error'] });
  await app.init();
  return app;
}
