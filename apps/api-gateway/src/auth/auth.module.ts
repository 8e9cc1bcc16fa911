import { Global, Module } from '@nestjs/common';
import { KeyCache } from './key-cache';

@Global()
@Module({ providers: [KeyCache], exports: [KeyCache] })
export class AuthModule {}
