import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, HttpCode } from '@nestjs/common';
import { Queue } from 'bullmq';
import { ApiError, Public } from '@app/common';
import { QueueName } from '@app/contracts';
import { PrismaService } from '../prisma.service';

/**
 * Liveness (the process answers) and readiness (PostgreSQL and Redis answer), served by every
 * app. Each app registers the call-engine queue, whose connection stands for Redis here.
 */
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QueueName.CallEngine) private readonly queue: Queue,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  async ready() {
    const [db, redis] = await Promise.all([
      withTimeout(this.prisma.$queryRaw`SELECT 1`),
      withTimeout(this.queue.getBackend().client.then((c) => c.runCommand('ping', []))),
    ]);
    if (!db || !redis) {
      throw new ApiError(503, `Not ready: ${[!db && 'PostgreSQL', !redis && 'Redis'].filter(Boolean).join(' and ')} unreachable`);
    }
    return { status: 'ok', checks: { postgres: 'up', redis: 'up' } };
  }
}

async function withTimeout(p: Promise<unknown>, ms = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
