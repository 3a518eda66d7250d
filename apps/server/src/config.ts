import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

/**
 * Which X-Forwarded-For hops to believe. Trusting every hop lets a client choose its own
 * address (each proxy appends, so the client writes the first entries): `true` therefore means
 * one hop, the documented single nginx; a number is a hop count; anything else is a comma
 * list of proxy addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, issue): false | number | string => {
    if (['', 'false', '0'].includes(value)) return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every((a) => /^[\d.]+(\/\d+)?$|^[\da-f:]+(\/\d+)?$/i.test(a))) return addresses.join(',');
    issue.addIssue({ code: 'custom', message: 'expected false, true, a hop count, or proxy addresses separated by commas' });
    return z.NEVER;
  });

/**
 * Every setting the server reads, validated once at boot. Nothing else reads process.env.
 * Defaults describe the embedded setup of `npm start`: PGlite under ./data, the broker
 * simulator on loopback, mail written to ./data/outbox, demo data seeded.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address members reach the app at (links in e-mails); default: this machine's PORT. */
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** 32 bytes, base64. Generated into DATA_DIR for the embedded default. */
  APP_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: bool.optional(),
  RUN_WORKER: bool.default(true),
  /**
   * Answers members' repeated reads of the dashboard's content, AlphaORB, levels, market events
   * and courses from memory (lib/revisioned-answers.ts). Off only to measure them uncached.
   */
  ANSWER_CACHE: bool.default(true),
  /** Sign-in attempts per minute for one address from one IP. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * Sign-in attempts per minute from one IP whatever the address typed (made-up addresses are
   * never limited by the per-address count); default six times LOGIN_RATE_LIMIT.
   */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Reset, remind and invite requests per 15 minutes from one IP. */
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Traders Hub <no-reply@tradershub.local>'),
  BRAND_NAME: z.string().default('Traders Hub'),
  SUPPORT_EMAIL: z.string().email().default('support@tradershub.local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_TRADER: z.string().optional(),
  STRIPE_PRICE_AUTOMATION: z.string().optional(),
  /** Points stripe-node at another host (a local fake in tests): http://127.0.0.1:12111 */
  STRIPE_API_BASE: z.string().url().optional(),
  BROKER_SIM: bool.default(true),
  BROKER_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  BROKER_DEMO_URL: z.string().url().optional(),
  BROKER_LIVE_URL: z.string().url().optional(),
  BROKER_DEVELOPER_KEY: z.string().optional(),
  /** Per-call timeout and first retry delay of the TradeLocker client (tests shorten them). */
  BROKER_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  BROKER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(250),
  ZOOM_SDK_KEY: z.string().optional(),
  ZOOM_SDK_SECRET: z.string().optional(),
  /** The Secret Token of the Zoom app's event subscription; without it /api/zoom/webhook answers 503. */
  ZOOM_WEBHOOK_SECRET: z.string().min(8).optional(),
  /**
   * The VAPID key pair web push is signed with (base64url, as `npx web-push generate-vapid-keys`
   * prints them), both or neither; without them a pair is generated once and kept in the
   * database. The subject is how push services reach the operator; default mailto:SUPPORT_EMAIL.
   */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'expected an uncompressed P-256 public key, base64url (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'expected a P-256 private key, base64url (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'expected a mailto: or https: URL').optional(),
  /** Bearer token Prometheus presents for /metrics; without it only loopback may scrape. */
  METRICS_TOKEN: z.string().min(16).optional(),
  MARKET_EVENTS_FEED_URL: z.string().url().optional(),
  /** A Sentry-compatible DSN: unexpected server errors are reported there (off without it). */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  /**
   * The TradeLocker login whose one-minute bars feed the levels job. Without it the simulator's
   * demo login is used when BROKER_SIM is on, and levels are not computed otherwise.
   */
  MARKET_DATA_URL: z.string().url().optional(),
  MARKET_DATA_EMAIL: z.string().optional(),
  MARKET_DATA_PASSWORD: z.string().optional(),
  MARKET_DATA_SERVER: z.string().optional(),
  MARKET_DATA_ACCOUNT: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'APP_KEY' | 'SEED_DEMO' | 'APP_URL' | 'LOGIN_ADDRESS_RATE_LIMIT'> & {
  APP_URL: string;
  LOGIN_ADDRESS_RATE_LIMIT: number;
  appKey: Buffer;
  seedDemo: boolean;
  /** True when running on the embedded PGlite database. */
  embedded: boolean;
};

function loadAppKey(env: Env): Buffer {
  if (env.APP_KEY) {
    const key = Buffer.from(env.APP_KEY.replace(/^base64:/, ''), 'base64');
    if (key.length !== 32) throw new Error('APP_KEY must be 32 bytes encoded as base64.');
    return key;
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('APP_KEY is required when DATABASE_URL is set in production.');
  }
  // Embedded default: one key per data directory, created on first start.
  const file = path.join(env.DATA_DIR, 'app.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  const embedded = !env.DATABASE_URL;
  const { APP_KEY: _key, SEED_DEMO, ...rest } = env;
  return {
    ...rest,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    LOGIN_ADDRESS_RATE_LIMIT: env.LOGIN_ADDRESS_RATE_LIMIT ?? env.LOGIN_RATE_LIMIT * 6,
    appKey: loadAppKey(env),
    embedded,
    seedDemo: SEED_DEMO ?? (embedded && env.NODE_ENV !== 'test'),
  };
}
