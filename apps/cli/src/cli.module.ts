import { Module } from '@nestjs/common';
import { ConfigModule } from '@app/common';
import { DbModule } from '@app/db';

/** The operator CLI reaches the same repositories the gateway uses, nothing else. */
@Module({ imports: [ConfigModule, DbModule] })
export class CliModule {}
