import { Module, NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { FastifyInstance } from 'fastify';
import { QueuesModule } from '@app/queues';
import { MetricsService } from './metrics.service';
import { OpsController } from './ops.controller';
import { QueueMetrics } from './queue-metrics';

/** Health, readiness and metrics for an app (each app imports it once). */
@Module({
  imports: [TerminusModule.forRoot({ logger: false }), QueuesModule],
  controllers: [OpsController],
  providers: [MetricsService, QueueMetrics],
  exports: [MetricsService],
})
export class OpsModule implements NestModule {
  constructor(
    private readonly metrics: MetricsService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /**
   * Times every HTTP request by its route pattern (never the raw path, which holds ids). Runs when
   * the app configures middleware, before its routes are registered, so the hook covers them all.
   * Fastify's onResponse runs once the answer has gone, also for answers a handler wrote itself
   * (SSE, MCP), and its elapsed time costs no timer or listener per request.
   */
  configure(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onResponse', (req, reply, done) => {
      const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: reply.statusCode };
      this.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }
}
