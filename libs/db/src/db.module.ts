import { Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';

/** The Prisma client; each domain's repositories (and only they) query through it. */
@Global()
@Module({ providers: [PrismaService], exports: [PrismaService] })
export class DbModule {}
