import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '@app/platform';
import { PrismaClient } from './generated/prisma/client';

/** The Prisma client (Rust-free, on node-postgres). Only repositories use it. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(config: AppConfig) {
    // A bounded wait for a connection: when PostgreSQL is away, requests fail fast (503) instead of hanging.
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL, max: 20, connectionTimeoutMillis: 3000 }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
