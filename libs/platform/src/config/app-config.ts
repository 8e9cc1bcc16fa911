import 'reflect-metadata';
import ms, { type StringValue } from 'ms';
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

  /**
   * Redis Cluster seeds, "host:port,host:port": every app then talks to the cluster (REDIS_URL's
   * user, password and rediss:// still apply to each node). Unset: the single node of REDIS_URL.
   */
  @IsOptional()
  @Transform(({ value }) => value || undefined) // compose passes an unset variable as ''
  @Matches(/^[^,:\s]+:\d+(,[^,:\s]+:\d+)*$/, { message: 'REDIS_CLUSTER_NODES must be host:port,host:port,…' })
  REDIS_CLUSTER_NODES?: string;

  /** Prefix of every BullMQ key; lets several deployments (or test runs) share one Redis. */
  @Matches(/^[A-Za-z0-9_-]+$/)
  QUEUE_PREFIX = 'voice';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  ENGINE_PORT = 3001;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  DISPATCHER_PORT = 3002;

  /**
   * Where a gateway reaches a call engine's ENGINE_PORT to hand it a browser's web call (README
   * "Web calls"): one engine, or a TCP load balancer in front of several.
   */
  @Matches(/^http:\/\/[^/\s]+$/, { message: 'ENGINE_URL must be http://host:port' })
  ENGINE_URL = 'http://127.0.0.1:3001';

  /** 32-byte key (64 hex chars or base64) for AES-256-GCM of webhook secrets and keys at rest. */
  @IsOptional()
  @IsString()
  ENCRYPTION_KEY?: string;

  @IsBoolean()
  @Transform(toBool)
  WEBHOOK_ALLOW_HTTP = false;

  @IsBoolean()
  @Transform(toBool)
  WEBHOOK_ALLOW_PRIVATE_NETWORKS = false;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Where recordings are stored (the default storage is a directory). */
  @IsString()
  RECORDINGS_DIR = '.local/recordings';

  // Pace of the simulated telephony: human speed by default, compressed in tests.
  /** Time a dialled number rings before it answers, is busy or is unreachable. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  SIM_RING_MS = 2000;

  /** Time a number that never answers rings before the call ends as no-answer. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  SIM_RING_TIMEOUT_MS = 20000;

  /** Speaking time per word of a conversation turn. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  SIM_MS_PER_WORD = 300;

  /** Pause between two turns. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  SIM_TURN_GAP_MS = 600;

  /** How long an inbound call waits for its number's assistantRequestUrl to name the assistant. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  ASSISTANT_REQUEST_TIMEOUT_MS = 3000;

  /** How often each engine's campaign runner settles, dials and completes campaigns. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  CAMPAIGN_TICK_MS = 1000;

  /** How often an engine removes transcripts and recordings past their workspace's retention. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  MEDIA_RETENTION_INTERVAL_MS = 3_600_000;

  /** Days of event, delivery and attempt history kept; older months' partitions are dropped. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  HISTORY_RETENTION_DAYS = 90;

  /** How often an engine creates history partitions ahead and drops those past retention. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  HISTORY_MAINTENANCE_INTERVAL_MS = 3_600_000;

  /** How often the engine's reconciler re-derives lost jobs and unpublished events from rows. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  RECONCILE_INTERVAL_MS = 5000;

  // Real calls over SIP trunks (README "Real calls over SIP").
  /** The engine's SIP listener (UDP and TCP); 0 turns SIP off (calls on trunks then fail). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  SIP_PORT = 5060;

  /** The address the SIP listener and RTP sockets bind to. */
  @IsString()
  SIP_ADDRESS = '0.0.0.0';

  /** The address written in Via, Contact and SDP (the one carriers reach); default: SIP_ADDRESS or 127.0.0.1. */
  @IsOptional()
  @Transform(({ value }) => value || undefined)
  @IsString()
  SIP_PUBLIC_ADDRESS?: string;

  /**
   * SIP proxies in front of the engines (Kamailio), "addr,addr": an INVITE from one of them is judged
   * by the X-Source-Address header it adds (the carrier's address) against trunk CIDRs.
   */
  @IsOptional()
  @Transform(({ value }) => value || undefined)
  @Matches(/^[0-9a-fA-F.:]+(,[0-9a-fA-F.:]+)*$/, { message: 'SIP_TRUSTED_PROXIES must be addresses, comma-separated' })
  SIP_TRUSTED_PROXIES?: string;

  /** UDP ports the engine's RTP sockets use, one per call. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(65535)
  RTP_PORT_MIN = 20000;

  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(65535)
  RTP_PORT_MAX = 20999;

  /** A callee that rings longer than this is cancelled (no-answer). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  SIP_RING_TIMEOUT_MS = 30000;

  /** An INVITE that gets no response at all within this ends the call as unreachable. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  SIP_NO_RESPONSE_TIMEOUT_MS = 8000;

  /** A connected far end that sends no RTP for this long is gone: the call fails with media-timeout. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  RTP_INACTIVITY_TIMEOUT_MS = 15000;

  /** How often an engine renews the lease on its SIP calls; a call whose lease is 5× older is ended. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  SIP_LEASE_MS = 1000;

  /** A caller's turn ends after this much silence (default of assistants that set none). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  END_OF_TURN_SILENCE_MS = 600;

  /** A "hear" step that hears no speech at all within this moves on without a customer turn. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  NO_SPEECH_TIMEOUT_MS = 8000;

  /**
   * Resident speech decoders an engine with SIP keeps loaded (python3-pocketsphinx): the first
   * two-thirds (at least one) for the decodes a caller waits for, the rest at a lower CPU priority;
   * 0: none (each decode runs pocketsphinx_continuous, about 0.8 s).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(16)
  SPEECH_DECODERS = 3;

  /** Voice of the assistant on real calls: flite's rms or awb, or espeak-ng (Debian packages). */
  @IsIn(['flite:rms', 'flite:awb', 'flite:slt', 'flite:kal', 'espeak-ng'])
  TTS_VOICE = 'flite:rms';

  /** Parallel jobs per engine process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  ENGINE_CONCURRENCY = 20;

  /** Ended calls' after-call steps (transcript, recording, analysis) run in parallel per engine process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  AFTER_CALL_CONCURRENCY = 4;

  // Webhook delivery (README "Webhook delivery").
  /** An attempt that has not received a 2xx within this is a failure. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  WEBHOOK_TIMEOUT_MS = 10000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  WEBHOOK_MAX_ATTEMPTS = 8;

  /** Wait before the 2nd attempt; each further wait is 4× longer (±20% jitter) up to the max. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  WEBHOOK_BACKOFF_BASE_MS = 20000;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  WEBHOOK_BACKOFF_MAX_MS = 12 * 60 * 60 * 1000;

  /** A webhook whose deliveries all failed for this long is disabled ("5d", "12h", "30m", "10s" or ms). */
  @Transform(({ value }) => (typeof value === 'string' ? parseDuration(value) : value))
  @IsInt({ message: 'WEBHOOK_DISABLE_AFTER must be a duration such as 5d, 12h, 30m, 10s or milliseconds' })
  @Min(0)
  WEBHOOK_DISABLE_AFTER = 5 * 24 * 60 * 60 * 1000;

  /**
   * The most concurrent sends to one webhook, across all dispatcher processes. Each endpoint's cap
   * adapts below it (starts at 4, grows on fast replies, halves on errors and slow ones).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = 50;

  /**
   * Parallel jobs of the deliveries queue per dispatcher process: retries, replays, and deliveries
   * queued because their endpoint was at its cap. More (100, 200) served a backlog of such jobs less
   * in order (oldest wait 1.8-2.2x the median against 1.2-1.4x at 50, README "Performance").
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DISPATCHER_CONCURRENCY = 50;

  /**
   * Parallel fan-outs (an event into its deliveries, and their first attempts) per dispatcher
   * process. 50 against 20: bursts a third faster (README "Performance").
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  FANOUT_CONCURRENCY = 50;

  /** First attempts (made by fan-outs) in flight per dispatcher process; past it, fan-outs wait their turn. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  FIRST_ATTEMPTS_IN_FLIGHT = 200;

  /** PostgreSQL connections per app process. */
  @Type(() => Number)
  @IsInt()
  @Min(2)
  DATABASE_POOL_SIZE = 20;

  /**
   * How long an idle PostgreSQL connection stays open. A new one costs PostgreSQL its start and its first
   * statements' catalog reads (~40 ms each here): closed after a lull, a burst pays that on every connection.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  DATABASE_POOL_IDLE_TIMEOUT_MS = 600_000;

  /** How often each dispatcher re-derives lost fan-outs and deliveries from PostgreSQL. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  DISPATCH_RECONCILE_INTERVAL_MS = 5000;

  /** Fair-use limit per workspace: requests per RATE_LIMIT_WINDOW_MS, shared by every gateway. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REQUESTS = 600;

  /** Calls a workspace may start per window (counted on top of the general limit). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_START_CALLS = 60;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  RATE_LIMIT_WINDOW_MS = 60_000;

  /** On SIGTERM/SIGINT an app finishes in-flight requests and jobs for at most this long, then exits. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /** POST /api/core/auth/signup creates workspaces; switch off for a self-hosted install. */
  @IsBoolean()
  @Transform(toBool)
  SIGNUP_ENABLED = true;

  /** A session ends after this long without a request... */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  SESSION_IDLE_MS = 8 * 60 * 60 * 1000;

  /** ...and this long after sign-in, whatever the activity. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

  /** The session cookie is Secure (HTTPS only); false only for plain-HTTP local development. */
  @IsBoolean()
  @Transform(toBool)
  SESSION_COOKIE_SECURE = true;

  /** Failed sign-ins allowed per email, and (×4) per client address, per LOGIN_THROTTLE_WINDOW_MS. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES = 5;

  @Type(() => Number)
  @IsInt()
  @Min(1000)
  LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;

  /**
   * Which proxies in front of the gateway to believe about the client's address (X-Forwarded-For),
   * as Express's "trust proxy": e.g. "loopback", "10.0.0.0/8", or a hop count. Unset: none, so
   * per-address limits (sign-in, sign-up) see the connecting address.
   */
  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  /** Open event streams (GET /api/core/event/stream) one key or session may hold at once. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  EVENT_STREAMS_PER_CREDENTIAL = 10;

  /** Sign-ups and invitation acceptances allowed per client address per LOGIN_THROTTLE_WINDOW_MS. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  SIGNUP_MAX_PER_ADDRESS = 10;

  /**
   * Where people reach this service (scheme, host, optional port; no path): links the service
   * writes (invitations) start with it, never with a request's Host header.
   */
  @Matches(/^https?:\/\/[^/\s?#]+$/, { message: 'PUBLIC_BASE_URL must be like https://voice.example.com' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /**
   * The gateway's /metrics (on the public port) answers only `Authorization: Bearer <METRICS_TOKEN>`;
   * unset, it is not served there. The engine's and dispatcher's /metrics are on operator ports.
   */
  @IsOptional()
  @IsString()
  METRICS_TOKEN?: string;

  /** Bull Board at /admin/queues on the gateway, behind these credentials; off when unset. */
  @IsOptional()
  @IsString()
  BULL_BOARD_USER?: string;

  @IsOptional()
  @IsString()
  BULL_BOARD_PASSWORD?: string;
}

/** "5d", "12h", "30m", "10s", "250ms" or plain milliseconds → milliseconds (NaN when unreadable). */
export function parseDuration(value: string): number {
  const parsed = ms(value.trim() as StringValue) as number | undefined;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : Number.NaN;
}

const OPTIONAL_KEYS = ['ENCRYPTION_KEY', 'BULL_BOARD_USER', 'BULL_BOARD_PASSWORD', 'METRICS_TOKEN', 'TRUST_PROXY'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => (known.includes(k) || OPTIONAL_KEYS.includes(k)) && v !== ''),
  );
  const config = plainToInstance(AppConfig, present, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
