import { Global, Module } from '@nestjs/common';
import { HistoryPartitions } from './partitions/history-partitions';
import { PrismaService } from './prisma.service';

/** The Prisma client (each domain's repositories, and only they, query through it) and the history's partitions. */
@Global()
@Module({ providers: [PrismaService, HistoryPartitions], exports: [PrismaService, HistoryPartitions] })
export class DbModule {}
