import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, PrismaHealthIndicator } from '@nestjs/terminus';
import { ApiError, contractRef, ErrorBody, Public } from '@app/platform';
import { PrismaService } from '@app/db';
import { JobQueues } from '@app/queues';
import { MetricsService } from './metrics.service';

const CHECK_TIMEOUT_MS = 2000;

/**
 * Served by every app: liveness (the process answers), readiness (PostgreSQL and Redis answer,
 * else 503 with the error body) and Prometheus metrics.
 */
@ApiTags('operations')
@Controller()
@Public()
export class OpsController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly prismaIndicator: PrismaHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly prisma: PrismaService,
    private readonly metrics: MetricsService,
    private readonly jobs: JobQueues,
  ) {}

  @Get('health/live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiOkResponse({
    schema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } }, required: ['status'] },
  })
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis answer' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { status: { type: 'string' }, checks: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['status', 'checks'],
    },
  })
  @ApiResponse({ status: 503, description: 'A dependency is unreachable', schema: contractRef(ErrorBody) })
  async ready() {
    try {
      const result = await this.health.check([
        () => this.prismaIndicator.pingCheck('postgres', this.prisma, { timeout: CHECK_TIMEOUT_MS }),
        () =>
          this.indicators
            .check('redis')
            .attempt(async () => {
              const client = await this.jobs.all()[0].getBackend().client;
              await client.runCommand('ping', []);
            })
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
      return {
        status: 'ok',
        checks: Object.fromEntries(Object.entries(result.details).map(([k, v]) => [k, v.status])),
      };
    } catch (e) {
      if (!(e instanceof ServiceUnavailableException)) throw e;
      const down = Object.keys((e.getResponse() as { error?: object }).error ?? {});
      throw new ApiError(503, `Not ready: ${down.join(' and ') || 'a dependency'} unreachable`);
    }
  }

  @Get('metrics')
  @ApiOperation({ summary: 'Prometheus metrics' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ schema: { type: 'string' } })
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
