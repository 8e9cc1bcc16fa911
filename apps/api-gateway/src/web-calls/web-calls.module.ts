import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { WebCallRelay } from './web-call-relay';
import { WebCallsController } from './web-calls.controller';

@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [WebCallsController],
  providers: [WebCallRelay],
})
export class WebCallsModule {}
