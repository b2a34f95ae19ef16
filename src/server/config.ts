/**
 * Server configuration: one zod-parsed object built from the environment (docs/product/architecture.md §2).
 *
 * Variables: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (unset: PGlite under DATA_DIR/pglite),
 * MEDIA_DIR (DATA_DIR/media), PUBLIC_URL (http://localhost:PORT), PAYMENT_PROVIDER (sandbox),
 * SANDBOX_APPROVAL_SECONDS (3), SESSION_SECRET and URL_SIGNING_SECRET (unset: generated once and kept under
 * DATA_DIR/secrets.json), DEMO_CATALOG (true), LOG_LEVEL (info), FFMPEG_PATH, FFPROBE_PATH, TRANSCODE_PRESET (veryfast),
 * WEB_DIR (./dist/web), AUTH_RATE_LIMIT_PER_MINUTE (10 registrations and 10 sign-ins a minute per address),
 * PAGE_CACHE_SECONDS (5: how long a page drawn for a signed-out visitor is reused; 0 turns that off),
 * EVENTS_MAX_PER_ADDRESS (4) and EVENTS_MAX_TOTAL (2000): live event streams one address, and one process, may hold.
 * Scale (docs/decisions/016-object-storage-and-roles.md, 017-media-delivery-at-scale.md): SOBANURA_ROLE (all | web |
 * worker; other than all needs DATABASE_URL), STORAGE (local | s3), S3_ENDPOINT, S3_REGION, S3_BUCKET,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE (false), MEDIA_ACCEL_PREFIX (unset: Node streams media;
 * set: needs TRUST_PROXY outside the worker role, as X-Accel-Redirect goes only to a trusted proxy's requests).
 * Operating (src/server/lib/trust-proxy.ts, src/server/lib/redis.ts, src/server/plugins/metrics.ts): TRUST_PROXY (unset:
 * no proxy is trusted and X-Forwarded-For is ignored; else comma-separated addresses, CIDRs or the proxy-addr names
 * loopback, linklocal, uniquelocal), REDIS_URL (unset: rate limits per process; else a redis:// or rediss:// URL
 * whose Redis holds them for every instance), REDIS_KEY_PREFIX (sobanura:), METRICS_TOKEN (unset: no /metrics;
 * else at least 16 characters, the bearer token a Prometheus scraper presents), WORKER_METRICS_PORT (9464: where a
 * worker serves its /metrics when METRICS_TOKEN is set; src/server/worker-metrics.ts).
 * Abuse limits (docs/decisions/018-sign-in-and-payment-limits.md): PAYMENT_LIMITS_PER_ACCOUNT (5/600,20/86400) and
 * PAYMENT_LIMITS_PER_NUMBER (3/600,10/86400): payment requests per account and per phone number, as COUNT/SECONDS
 * windows separated by commas (at most 4); SIGN_IN_LOCKOUT_FIRST_SECONDS (1) and SIGN_IN_LOCKOUT_MAX_SECONDS (900): the
 * first lock-out of an account after 5 failed sign-ins, doubling with each further failure up to the maximum.
 * Uploads: UPLOAD_EXPIRY_HOURS (24; hours, fractions allowed: an upload not finished that long after it began expires,
 * its partial file is deleted and its video marked failed; src/server/modules/media/media.service.ts `upkeep`).
 * Jobs (src/server/jobs/job-heartbeat.ts): JOB_HEARTBEAT_SECONDS (5), JOB_STALE_SECONDS (30; at least twice the
 * heartbeat) and JOB_SWEEP_SECONDS (10): a running job beats every JOB_HEARTBEAT_SECONDS; one silent for
 * JOB_STALE_SECONDS (its worker died) is retried by the next sweep of another worker.
 * Mobile money (ADR 008, docs/decisions/043-payment-methods-countries-and-currencies.md): PAYMENT_METHODS, the
 * methods that run live, separated by commas (mtn-rw, airtel-rw, mtn-ug, airtel-ug, card); unset, every method runs on
 * its own sandbox (the embedded default); set, the methods it does not list are off. PAYMENT_PROVIDER, its older
 * form, still works (not both): sandbox = unset, live = mtn-rw,airtel-rw, mtn = mtn-rw, airtel = airtel-rw. Each
 * operator's own variables are declared in its provider file (src/server/providers/payments/operators.ts lists
 * them; MTN_* and MTN_UG_*: BASE_URL, API_USER, API_KEY, SUBSCRIPTION_KEY, TARGET_ENVIRONMENT, CURRENCY; AIRTEL_*
 * and AIRTEL_UG_*: BASE_URL, CLIENT_ID, CLIENT_SECRET; ADR 041); cards: FLW_BASE_URL, FLW_SECRET_KEY, FLW_SECRET_HASH
 * (docs/decisions/044-card-payments.md); PAYMENT_CALLBACKS (true); PAYMENT_TIMEOUT_SECONDS (15, payouts' too);
 * PAYMENT_APPROVAL_SECONDS (300, the approval window of ADR 004; shorter only for tests). The variables of
 * an enabled live operator are required; callbacks go to PUBLIC_URL, which is then required too.
 * Payouts (docs/decisions/048-disbursement-clients.md): DISBURSEMENT_METHODS (unset: the sandbox) and each listed
 * operator's disbursement variables (src/server/providers/disbursement/disbursement-operators.ts lists them).
 * The payout run (docs/decisions/052-payout-run.md): PAYOUT_MINIMUMS (RWF:1000,UGX:5000), PAYOUT_POLL_SECONDS (5),
 * PAYOUT_WAIT_SECONDS (120); src/server/modules/payouts/payout-config.ts says what each is.
 * Account recovery (docs/decisions/021-account-recovery.md): SMTP_URL (unset: mail goes to the outbox table) and
 * MAIL_FROM (required with SMTP_URL); SMS_PROVIDER (outbox | africastalking), AT_USERNAME and AT_API_KEY (required
 * with africastalking), AT_SENDER_ID (optional), AT_BASE_URL (the sandbox's for username sandbox, else production).
 * Downloads (docs/decisions/028-data-saver-rungs-and-save-data.md): ALLOW_FILE_DOWNLOADS (false: the MP4 file of
 * POST /api/downloads/:id is for admins and super admins only, viewers download inside the app; true: viewers too).
 * MINUTES_LEDGER (true): heartbeats and offline check-ins credit the minutes-watched ledger (ADR 049); false only to
 * measure what it costs (bench/ledger/run.ts).
 * Statements (docs/decisions/051-statements.md): STATEMENT_PLATFORM_SHARE_BPS (3000), STATEMENT_FEE_BPS (none).
 * A bad value throws ConfigError naming the variable. Secrets are never logged.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type Operator, OPERATOR_LIST, operatorOfMethod, OPERATORS } from '../shared/domain/operators.js';
import { trustProxyList } from './lib/trust-proxy.js';
import { CARD_ENV, CARD_REQUIRED, type CardConfig, cardConfig } from './providers/payments/card/card-method.js';
import { type DisbursementsConfig, readDisbursementConfig } from './providers/disbursement/disbursement-operators.js';
import { type PayoutsConfig, readPayoutConfig } from './modules/payouts/payout-config.js';
import { type OperatorConfigs, PAYMENT_OPERATORS } from './providers/payments/operators.js';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `COUNT/SECONDS[,COUNT/SECONDS...]` (1 to 4 windows): at most COUNT events per SECONDS in each window. */
const windowList = z
  .string()
  .regex(/^[1-9]\d{0,5}\/[1-9]\d{0,7}(,[1-9]\d{0,5}\/[1-9]\d{0,7}){0,3}$/, 'must be COUNT/SECONDS windows separated by commas, e.g. 5/600,20/86400')
  .transform((v) => v.split(',').map((w) => ({ points: Number(w.split('/')[0]), seconds: Number(w.split('/')[1]) })));

/** The Rwandan operators: what PAYMENT_PROVIDER (from before Uganda) can name. */
const RWANDA_OPERATORS: readonly Operator[] = OPERATOR_LIST.filter((o) => o.country === 'RW').map((o) => o.id);

/** PAYMENT_PROVIDER: sandbox, live, or distinct Rwandan operator ids separated by commas (in any order). */
function paymentProviderValid(v: string): boolean {
  if (v === 'sandbox' || v === 'live') return true;
  const ids = v.split(',');
  return new Set(ids).size === ids.length && ids.every((id) => (RWANDA_OPERATORS as readonly string[]).includes(id));
}

/** The method name of cards in PAYMENT_METHODS (docs/decisions/044-card-payments.md). */
const CARD_METHOD = 'card';

/** PAYMENT_METHODS: distinct method names of src/shared/domain/operators.ts, or `card`, separated by commas. */
function paymentMethodsValid(v: string): boolean {
  const names = v.split(',');
  return new Set(names).size === names.length && names.every((n) => n === CARD_METHOD || operatorOfMethod(n) !== null);
}

/** The operators that run live: from PAYMENT_METHODS, or from PAYMENT_PROVIDER as it was read before (ADR 043). */
function liveOperators(methods: string | undefined, provider: string | undefined): Operator[] {
  if (methods) return methods.split(',').flatMap((m) => (m === CARD_METHOD ? [] : [operatorOfMethod(m)!]));
  if (!provider || provider === 'sandbox') return [];
  return provider === 'live' ? [...RWANDA_OPERATORS] : (provider.split(',') as Operator[]);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// or postgresql:// URL').optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  PAYMENT_METHODS: z
    .string()
    .transform((v) => v.toLowerCase().replace(/\s+/g, ''))
    .refine(paymentMethodsValid, `must be payment methods separated by commas, of ${[...OPERATOR_LIST.map((o) => o.method), CARD_METHOD].join(', ')}`)
    .optional(),
  PAYMENT_PROVIDER: z
    .string()
    .transform((v) => v.toLowerCase().replace(/\s+/g, ''))
    .refine(paymentProviderValid, `must be sandbox, live, ${RWANDA_OPERATORS.join(', ')} or ${RWANDA_OPERATORS.join(',')} (PAYMENT_METHODS names the others)`)
    .optional(),
  PAYMENT_CALLBACKS: bool.default(true),
  PAYMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  PAYMENT_APPROVAL_SECONDS: z.coerce.number().int('must be whole seconds').min(1).max(3600).default(300),
  SANDBOX_APPROVAL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(60).default(5),
  JOB_STALE_SECONDS: z.coerce.number().min(3).max(3600).default(30),
  JOB_SWEEP_SECONDS: z.coerce.number().min(1).max(600).default(10),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  URL_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_CATALOG: bool.default(true),
  ALLOW_FILE_DOWNLOADS: bool.default(false),
  MINUTES_LEDGER: bool.default(true),
  STATEMENT_PLATFORM_SHARE_BPS: z.coerce.number().int('must be whole basis points').min(0).max(10_000).default(3000),
  STATEMENT_FEE_BPS: z
    .string()
    .transform((v) => v.toLowerCase().replace(/\s+/g, ''))
    .refine((v) => v === '' || (/^[a-z0-9_-]+=\d{1,5}(,[a-z0-9_-]+=\d{1,5})*$/.test(v) && v.split(',').every((p) => Number(p.split('=')[1]) <= 10_000)), 'must be provider=basis points pairs separated by commas (mtn=150,card=350), each at most 10000')
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  TRANSCODE_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive('must be a positive number of hours').max(720, 'must be at most 720 (30 days)').default(24),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(300, 'must be at most 300 (5 minutes)').default(5),
  EVENTS_MAX_PER_ADDRESS: z.coerce.number().int('must be a whole number').min(1).max(10000).default(4),
  EVENTS_MAX_TOTAL: z.coerce.number().int('must be a whole number').min(1).max(1000000).default(2000),
  SOBANURA_ROLE: z.enum(['all', 'web', 'worker'], 'must be all, web or worker').default('all'),
  STORAGE: z.enum(['local', 's3'], 'must be local or s3').default('local'),
  S3_ENDPOINT: z.url('must be the URL of the S3-compatible endpoint, e.g. https://s3.example.com').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1 or auto').optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  TRUST_PROXY: trustProxyList.optional(),
  REDIS_URL: z.url().refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL').optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -').default('sobanura:'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  PAYMENT_LIMITS_PER_ACCOUNT: windowList.prefault('5/600,20/86400'),
  PAYMENT_LIMITS_PER_NUMBER: windowList.prefault('3/600,10/86400'),
  SIGN_IN_LOCKOUT_FIRST_SECONDS: z.coerce.number().int('must be whole seconds').min(1).max(3600).default(1),
  SIGN_IN_LOCKOUT_MAX_SECONDS: z.coerce.number().int('must be whole seconds').min(1).max(86400).default(900),
  MEDIA_ACCEL_PREFIX: z.string().regex(/^\/[A-Za-z0-9_/-]*\/$/, 'must be an nginx internal location such as /_media/').optional(),
  // Account recovery messages (docs/decisions/021-account-recovery.md).
  SMTP_URL: z.url().refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587').optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).regex(/@/, 'must be a sender address, e.g. "Sobanura <no-reply@example.com>"').optional(),
  SMS_PROVIDER: z.enum(['outbox', 'africastalking'], 'must be outbox or africastalking').default('outbox'),
  AT_USERNAME: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be the Africa's Talking application username (sandbox for the sandbox)").optional(),
  AT_API_KEY: z.string().min(8, "must be the Africa's Talking API key").optional(),
  AT_SENDER_ID: z.string().trim().min(1).max(16, 'must be at most 16 characters (an approved sender id or short code)').optional(),
  AT_BASE_URL: z.url().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL, or null for the embedded PGlite database under `pgliteDir`. */
  databaseUrl: string | null;
  pgliteDir: string;
  mediaDir: string;
  uploadDir: string;
  /** Hours an upload may take from its start before it expires (UPLOAD_EXPIRY_HOURS; tus expiration extension). */
  uploadExpiryHours: number;
  webDir: string;
  publicUrl: string;
  /** `sandbox` (the embedded default) or `live` (real MTN and/or Airtel, see `payments.operators`). */
  paymentProvider: 'sandbox' | 'live';
  payments: PaymentsConfig;
  /** Payouts to translators (docs/decisions/048-disbursement-clients.md): sandbox, or the live operators' parts. */
  disbursements: DisbursementsConfig;
  /** The payout run's minimums per currency and its status polling (docs/decisions/052-payout-run.md). */
  payouts: PayoutsConfig;
  /** Seconds the sandbox "phone" takes to approve a payment. */
  sandboxApprovalSeconds: number;
  /**
   * Heartbeats of running jobs and the sweep of those whose worker died (src/server/jobs/job-heartbeat.ts), seconds:
   * a killed worker's job is retried about staleSeconds + sweepSeconds + 6 s after its last beat.
   */
  jobHeartbeat: { beatSeconds: number; staleSeconds: number; sweepSeconds: number };
  sessionSecret: string;
  urlSigningSecret: string;
  demoCatalog: boolean;
  /** Viewers may download the MP4 file (ALLOW_FILE_DOWNLOADS); admins and super admins always may (ADR 028). */
  allowFileDownloads: boolean;
  /** Heartbeats and offline check-ins credit the minutes-watched ledger (MINUTES_LEDGER; ADR 049). */
  minutesLedger: boolean;
  /**
   * Statements of rights holders (docs/decisions/051-statements.md): the platform's share of each payment net of fees
   * (STATEMENT_PLATFORM_SHARE_BPS, basis points, default 3000 = 30 %) and the fee rate per payment provider
   * (STATEMENT_FEE_BPS `mtn=150,card=350`, basis points; a provider not named: no fee), since payments record none.
   */
  statements: { platformShareBps: number; feeBps: Record<string, number> };
  logLevel: string;
  ffmpegPath: string;
  ffprobePath: string;
  transcodePreset: string;
  /** Registrations and sign-ins per minute per client address. */
  authRateLimitPerMinute: number;
  /** Seconds a page drawn for a visitor without cookies is reused for the next ones (src/server/plugins/page-cache.ts); 0 = never. */
  pageCacheSeconds: number;
  /** Live event streams (GET /api/events) one client address may hold at once, per process (src/server/modules/events/stream-slots.ts). */
  eventsMaxPerAddress: number;
  /** Live event streams one process holds at once; lowered to half the open-files soft limit when that is smaller. */
  eventsMaxTotal: number;
  /** What this process does (ADR 016): `all` (embedded default), `web` (HTTP, never ffmpeg) or `worker` (jobs, no HTTP pages). */
  role: 'all' | 'web' | 'worker';
  /** Where media lives (ADR 016): `local` (mediaDir) or `s3` (the bucket of `s3`). */
  storage: 'local' | 's3';
  s3: S3Config | null;
  /** nginx internal location that serves media after Node checked the token (X-Accel-Redirect, ADR 017); null = Node streams the bytes. */
  mediaAccelPrefix: string | null;
  /** Proxies whose X-Forwarded-For is believed (Fastify `trustProxy`): addresses, CIDRs or proxy-addr names; false = none. */
  trustProxy: string[] | false;
  /** Redis holding the rate-limit counters of every instance; null = counters in this process only. */
  redisUrl: string | null;
  /** Prefix of every Redis key Sobanura writes (several deployments may share one Redis). */
  redisKeyPrefix: string;
  /** Bearer token that opens GET /metrics; null = the route does not exist (404). */
  metricsToken: string | null;
  /** Port of a worker's GET /metrics (worker-metrics.ts), served only when `metricsToken` is set. */
  workerMetricsPort: number;
  /** Payment requests allowed per account and per phone number: windows of `points` per `seconds` (ADR 018). */
  paymentLimits: { account: { points: number; seconds: number }[]; number: { points: number; seconds: number }[] };
  /** Seconds of an account's first sign-in lock-out (after 5 failures) and of the longest (ADR 018). */
  signInLockout: { firstSeconds: number; maxSeconds: number };
  /** Where account-recovery mail and SMS go (ADR 021): SMTP and Africa's Talking, or the outbox table when unset. */
  messaging: MessagingConfig;
}

/** Mail through SMTP (null: the outbox) and SMS through Africa's Talking or the outbox (ADR 021). */
export interface MessagingConfig {
  mail: { smtpUrl: string; from: string } | null;
  sms: { provider: 'outbox' } | { provider: 'africastalking'; baseUrl: string; username: string; apiKey: string; senderId: string | null };
}

/** S3-compatible object storage (ADR 016). Credentials null = the AWS SDK's default chain. */
export interface S3Config {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface PaymentsSettings {
  mode: 'sandbox' | 'live';
  /** Operators whose numbers are accepted (both in sandbox mode). */
  operators: Operator[];
  /** Whether request-to-pay carries a callback URL under PUBLIC_URL (MTN X-Callback-Url). */
  callbacks: boolean;
  /** Timeout of one call to a provider, in ms. */
  timeoutMs: number;
  /** Seconds a payer has to approve a request-to-pay before it fails as EXPIRED (ADR 004: 300). */
  approvalSeconds: number;
  /**
   * Cards (docs/decisions/044-card-payments.md): `sandbox` (the in-process checkout, with the mobile-money sandbox),
   * the live processor's settings when `card` is in PAYMENT_METHODS, or null (off: live methods without `card`).
   */
  card: 'sandbox' | CardConfig | null;
}

/**
 * Payments: the common part, and `payments.<operator id>` for each operator of
 * src/server/providers/payments/operators.ts (its `config`, or null when it is not live).
 */
export type PaymentsConfig = PaymentsSettings & OperatorConfigs;

/** Reads secrets from DATA_DIR/secrets.json, creating them once (mode 0600) when absent. */
function loadOrCreateSecrets(dataDir: string): { sessionSecret: string; urlSigningSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = z
      .object({ sessionSecret: z.string().min(32), urlSigningSecret: z.string().min(32) })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new ConfigError(`${file} is damaged; delete it to generate new secrets (all sessions end)`);
    return parsed.data;
  }
  const secrets = { sessionSecret: randomBytes(32).toString('base64url'), urlSigningSecret: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * Builds the configuration from `env` (default process.env), creating DATA_DIR and its sub-folders.
 * @throws ConfigError with a message that names the bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  // Each operator's variables, declared in its provider file (ADR 041), read whatever the mode.
  const operatorEnv = PAYMENT_OPERATORS.map((d) => ({ d, parsed: z.object(d.env).safeParse(given) }));
  const cardEnv = z.object(CARD_ENV).safeParse(given);
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...operatorEnv.flatMap((o) => (o.parsed.success ? [] : o.parsed.error.issues)),
    ...(cardEnv.success ? [] : cardEnv.error.issues),
  ];
  if (!parsed.success || issues.length) {
    const lines = issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const live = liveOperators(e.PAYMENT_METHODS, e.PAYMENT_PROVIDER);
  const missing: string[] = [];
  if (e.PAYMENT_METHODS && e.PAYMENT_PROVIDER) missing.push('PAYMENT_PROVIDER: set PAYMENT_METHODS or PAYMENT_PROVIDER, not both (PAYMENT_METHODS replaces it)');
  const liveSetting = e.PAYMENT_METHODS ? `PAYMENT_METHODS=${e.PAYMENT_METHODS}` : `PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER}`;
  const need = (name: string, value: unknown, why: string) => {
    if (value === undefined) missing.push(`${name}: required when ${liveSetting} (${why})`);
  };
  const operatorConfigs: Record<string, unknown> = {};
  for (const { d, parsed: p } of operatorEnv) {
    const values = p.data as Record<string, unknown>;
    if (live.includes(d.id)) for (const r of d.required) need(r.name, values[r.name], r.why);
    operatorConfigs[d.id] = live.includes(d.id) ? (d.config as (v: Record<string, unknown>) => unknown)(values) : null;
  }
  const cardLive = !!e.PAYMENT_METHODS?.split(',').includes(CARD_METHOD);
  if (cardLive) for (const r of CARD_REQUIRED) need(r.name, cardEnv.data![r.name], r.why);
  // The processor sends the payer back to PUBLIC_URL after the hosted checkout, so a live card needs it whatever the callbacks.
  if (cardLive) need('PUBLIC_URL', e.PUBLIC_URL, 'the card checkout sends the payer back to it');
  else if (live.length && e.PAYMENT_CALLBACKS) need('PUBLIC_URL', e.PUBLIC_URL, 'providers call back to it; or set PAYMENT_CALLBACKS=false');
  const anyLive = live.length > 0 || cardLive;
  // Payouts (ADR 048): DISBURSEMENT_METHODS and each live operator's disbursement variables.
  const disbursements = readDisbursementConfig(given, Math.round(e.PAYMENT_TIMEOUT_SECONDS * 1000));
  missing.push(...disbursements.errors);
  const payouts = readPayoutConfig(given);
  missing.push(...payouts.errors);
  if (e.STORAGE === 's3') {
    if (!e.S3_BUCKET) missing.push('S3_BUCKET: required when STORAGE=s3 (the bucket that holds the media)');
    if (!e.S3_REGION && !e.S3_ENDPOINT) missing.push('S3_REGION: required when STORAGE=s3 (or S3_ENDPOINT for an S3-compatible server)');
    if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) missing.push(`${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set both keys, or neither for the AWS SDK's default credentials`);
  }
  // PGlite admits one process, so a web or worker process beside others needs PostgreSQL (ADR 016).
  if (e.SOBANURA_ROLE !== 'all' && !e.DATABASE_URL) missing.push(`DATABASE_URL: required when SOBANURA_ROLE=${e.SOBANURA_ROLE} (the embedded PGlite database admits one process; use SOBANURA_ROLE=all, or PostgreSQL)`);
  // X-Accel-Redirect goes only to requests from a trusted proxy (ADR 017): without TRUST_PROXY nginx would never get one.
  if (e.MEDIA_ACCEL_PREFIX && !e.TRUST_PROXY && e.SOBANURA_ROLE !== 'worker') missing.push("TRUST_PROXY: required when MEDIA_ACCEL_PREFIX is set (the address of the nginx in front; X-Accel-Redirect is answered only to it)");
  if (e.SMTP_URL && !e.MAIL_FROM) missing.push('MAIL_FROM: required when SMTP_URL is set (the sender of account-recovery mail, e.g. "Sobanura <no-reply@example.com>")');
  if (e.SMS_PROVIDER === 'africastalking') {
    if (!e.AT_USERNAME) missing.push("AT_USERNAME: required when SMS_PROVIDER=africastalking (the Africa's Talking application username)");
    if (!e.AT_API_KEY) missing.push("AT_API_KEY: required when SMS_PROVIDER=africastalking (the Africa's Talking API key)");
  }
  // A job must miss at least two beats before it counts as stale (job-heartbeat.ts).
  if (e.JOB_STALE_SECONDS < 2 * e.JOB_HEARTBEAT_SECONDS) missing.push(`JOB_STALE_SECONDS: must be at least twice JOB_HEARTBEAT_SECONDS (${e.JOB_HEARTBEAT_SECONDS}), or a running job would be taken for dead`);
  if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const mediaDir = path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media'));
  // Its owner's only (ADR 031); a folder that exists keeps its mode here (lib/private-data.ts fixes it at start).
  for (const dir of [dataDir, mediaDir, path.join(dataDir, 'uploads')]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secrets = e.SESSION_SECRET && e.URL_SIGNING_SECRET ? null : loadOrCreateSecrets(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir,
    uploadDir: path.join(dataDir, 'uploads'),
    uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    webDir: path.resolve(e.WEB_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    paymentProvider: anyLive ? 'live' : 'sandbox',
    payments: {
      mode: anyLive ? 'live' : 'sandbox',
      operators: anyLive ? live : [...OPERATORS],
      card: cardLive ? cardConfig(cardEnv.data!) : anyLive ? null : 'sandbox',
      callbacks: e.PAYMENT_CALLBACKS,
      timeoutMs: Math.round(e.PAYMENT_TIMEOUT_SECONDS * 1000),
      approvalSeconds: e.PAYMENT_APPROVAL_SECONDS,
      ...(operatorConfigs as OperatorConfigs),
    },
    disbursements: disbursements.config,
    payouts: payouts.config,
    sandboxApprovalSeconds: e.SANDBOX_APPROVAL_SECONDS,
    jobHeartbeat: { beatSeconds: e.JOB_HEARTBEAT_SECONDS, staleSeconds: e.JOB_STALE_SECONDS, sweepSeconds: e.JOB_SWEEP_SECONDS },
    sessionSecret: e.SESSION_SECRET ?? secrets!.sessionSecret,
    urlSigningSecret: e.URL_SIGNING_SECRET ?? secrets!.urlSigningSecret,
    demoCatalog: e.DEMO_CATALOG,
    allowFileDownloads: e.ALLOW_FILE_DOWNLOADS,
    minutesLedger: e.MINUTES_LEDGER,
    statements: {
      platformShareBps: e.STATEMENT_PLATFORM_SHARE_BPS,
      feeBps: Object.fromEntries(e.STATEMENT_FEE_BPS === '' ? [] : e.STATEMENT_FEE_BPS.split(',').map((p) => [p.split('=')[0]!, Number(p.split('=')[1])])),
    },
    logLevel: e.LOG_LEVEL,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    transcodePreset: e.TRANSCODE_PRESET,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    eventsMaxPerAddress: e.EVENTS_MAX_PER_ADDRESS,
    eventsMaxTotal: e.EVENTS_MAX_TOTAL,
    role: e.SOBANURA_ROLE,
    storage: e.STORAGE,
    s3:
      e.STORAGE === 's3'
        ? {
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT.replace(/\/+$/, '') } : {}),
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET!,
            ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    mediaAccelPrefix: e.MEDIA_ACCEL_PREFIX ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metricsToken: e.METRICS_TOKEN ?? null,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    paymentLimits: { account: e.PAYMENT_LIMITS_PER_ACCOUNT, number: e.PAYMENT_LIMITS_PER_NUMBER },
    signInLockout: { firstSeconds: e.SIGN_IN_LOCKOUT_FIRST_SECONDS, maxSeconds: Math.max(e.SIGN_IN_LOCKOUT_FIRST_SECONDS, e.SIGN_IN_LOCKOUT_MAX_SECONDS) },
    messaging: {
      mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM! } : null,
      sms:
        e.SMS_PROVIDER === 'africastalking'
          ? {
              provider: 'africastalking',
              baseUrl: (e.AT_BASE_URL ?? (e.AT_USERNAME === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com')).replace(/\/+$/, ''),
              username: e.AT_USERNAME!,
              apiKey: e.AT_API_KEY!,
              senderId: e.AT_SENDER_ID ?? null,
            }
          : { provider: 'outbox' },
    },
  };
}
