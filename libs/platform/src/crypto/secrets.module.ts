import { Global, Module } from '@nestjs/common';
import { SecretBox } from './secret-box';

/**
 * The one SecretBox of an app (AES-256-GCM under ENCRYPTION_KEY). Platform, so global; an app
 * that handles stored secrets imports it once (the CLI, which may run without the key, does not).
 */
@Global()
@Module({ providers: [SecretBox], exports: [SecretBox] })
export class SecretsModule {}
