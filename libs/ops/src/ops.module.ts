import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import type { NextFunction, Request, Response } from 'express';
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
  constructor(private readonly metrics: MetricsService) {}

  /** Times every HTTP request by its route pattern (never the raw path, which holds ids). */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply((req: Request, res: Response, next: NextFunction) => {
        const end = this.metrics.httpDuration.startTimer();
        res.on('finish', () => {
          const route = (req.route as { path?: string } | undefined)?.path;
          end({
            method: req.method,
            route: route ? `${req.baseUrl}${route}` : 'unmatched',
            status_code: String(res.statusCode),
          });
        });
        next();
      })
      .forRoutes('*path');
  }
}
