import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase());

/**
 * Every environment variable the apps read, with its default. Validated once at boot
 * (loadConfig); README's configuration table lists the same names.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgresql:// URL' })
  DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/voice';

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every BullMQ key; lets several deployments (or test runs) share one Redis. */
  @Matches(/^[A-Za-z0-9_-]+$/)
  QUEUE_PREFIX = 'voice';

  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  PORT = 3000;

  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  ENGINE_PORT = 3001;

  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  DISPATCHER_PORT = 3002;

  /** 32-byte key (64 hex chars or base64) for AES-256-GCM of webhook secrets and keys at rest. */
  @IsOptional() @IsString()
  ENCRYPTION_KEY?: string;

  @IsBoolean() @Transform(toBool)
  WEBHOOK_ALLOW_HTTP = false;

  @IsBoolean() @Transform(toBool)
  WEBHOOK_ALLOW_PRIVATE_NETWORKS = false;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => (known.includes(k) || k === 'ENCRYPTION_KEY') && v !== ''),
  );
  const config = plainToInstance(AppConfig, present, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
