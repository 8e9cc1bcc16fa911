import { Global, Module } from '@nestjs/common';
import { CredentialCheck } from './credential-check';
import { KeyCache } from './key-cache';

@Global()
@Module({ providers: [KeyCache, CredentialCheck], exports: [KeyCache, CredentialCheck] })
export class AuthModule {}
