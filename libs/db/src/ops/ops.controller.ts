import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, PrismaHealthIndicator } from '@nestjs/terminus';
import { Queue } from 'bullmq';
import { ApiError, Public } from '@app/common';
import { QueueName } from '@app/contracts';
import { PrismaService } from '../prisma.service';
import { MetricsService } from './metrics.service';

const CHECK_TIMEOUT_MS = 2000;

/**
 * Served by every app: liveness (the process answers), readiness (PostgreSQL and Redis answer,
 * else 503 with the error body) and Prometheus metrics.
 */
@Controller()
@Public()
export class OpsController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly prismaIndicator: PrismaHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly prisma: PrismaService,
    private readonly metrics: MetricsService,
    @InjectQueue(QueueName.CallEngine) private readonly queue: Queue,
  ) {}

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @HealthCheck()
  async ready() {
    try {
      const result = await this.health.check([
        () => this.prismaIndicator.pingCheck('postgres', this.prisma, { timeout: CHECK_TIMEOUT_MS }),
        () => this.indicators.check('redis').attempt(async () => {
          const client = await this.queue.getBackend().client;
          await client.runCommand('ping', []);
        }).withTimeout(CHECK_TIMEOUT_MS),
      ]);
      return { status: 'ok', checks: Object.fromEntries(Object.entries(result.details).map(([k, v]) => [k, v.status])) };
    } catch (e) {
      if (!(e instanceof ServiceUnavailableException)) throw e;
      const down = Object.keys((e.getResponse() as { error?: object }).error ?? {});
      throw new ApiError(503, `Not ready: ${down.join(' and ') || 'a dependency'} unreachable`);
    }
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
