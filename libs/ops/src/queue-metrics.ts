import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { JobQueues } from '@app/queues';
import { MetricsService } from './metrics.service';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Jobs per queue and state, read from Redis when Prometheus scrapes. */
@Injectable()
export class QueueMetrics {
  constructor(metrics: MetricsService, jobs: JobQueues) {
    const queues = jobs.all();
    new Gauge({
      name: 'bullmq_jobs',
      help: 'BullMQ jobs per queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [metrics.registry],
      async collect() {
        await Promise.all(
          queues.map(async (q) => {
            const counts = await q.getJobCounts(...STATES).catch(() => null);
            if (counts) for (const state of STATES) this.set({ queue: q.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
  }
}
