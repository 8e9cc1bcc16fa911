import { Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';

/** The per-workspace rate limits: the global guard, and what the web-call socket counts with. */
@Module({
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
