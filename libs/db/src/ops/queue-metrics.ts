import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { QueueName } from '@app/contracts';
import { MetricsService } from './metrics.service';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Jobs per queue and state, read from Redis when Prometheus scrapes. */
@Injectable()
export class QueueMetrics {
  constructor(
    metrics: MetricsService,
    @InjectQueue(QueueName.CallEngine) callEngine: Queue,
    @InjectQueue(QueueName.DomainEvents) domainEvents: Queue,
    @InjectQueue(QueueName.WebhookDeliveries) deliveries: Queue,
  ) {
    const queues = [callEngine, domainEvents, deliveries];
    new Gauge({
      name: 'bullmq_jobs',
      help: 'BullMQ jobs per queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [metrics.registry],
      async collect() {
        await Promise.all(queues.map(async (q) => {
          const counts = await q.getJobCounts(...STATES).catch(() => null);
          if (counts) for (const state of STATES) this.set({ queue: q.name, state }, counts[state] ?? 0);
        }));
      },
    });
  }
}
