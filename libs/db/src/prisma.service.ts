import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '@app/common';
import { PrismaClient } from './generated/prisma/client';

/** The Prisma client (Rust-free, on node-postgres). Only repositories use it. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL, max: 20 }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
