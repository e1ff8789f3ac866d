import { z } from 'zod';

/**
 * The one typed configuration object, validated at boot. `process.env` is read nowhere else.
 * Every variable is listed with a comment in `.env.example`.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('swx'),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  ADMIN_SESSION_TTL_HOURS: z.coerce.number().int().positive().default(8),
  ADMIN_EMAIL: z.string().email().default('admin@localhost.localdomain'),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  /**
   * Break glass, for whoever runs the platform: at start, ADMIN_EMAIL is made an active super-admin
   * again with ADMIN_PASSWORD (required then), its second factor removed and its sessions ended
   * (audited). For a platform left with no super-admin who can act or decide a role grant.
   */
  ADMIN_RECOVER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('SWX Platform <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  SEND_CODE_MAX_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Per destination (e-mail or phone) and per client address, codes sent in 24 hours. */
  SEND_CODE_MAX_PER_TARGET_PER_DAY: z.coerce.number().int().positive().default(10),
  SEND_CODE_MAX_PER_IP_PER_DAY: z.coerce.number().int().positive().default(100),
  /** Consecutive failed logins of one account (any window) before it is locked until a password reset. */
  LOGIN_MAX_CONSECUTIVE_FAILURES: z.coerce.number().int().positive().default(100),
  DEMO_GRANT_USDT: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('100000'),
  /**
   * The demo top-up (user/demoTopup): brings the demo USDT available balance back up to
   * DEMO_GRANT_USDT at most once per this many hours per user.
   */
  DEMO_TOPUP_INTERVAL_HOURS: z.coerce.number().int().positive().default(24),
  /**
   * Wallet login (SIWE): domains (host[:port]) a signed message may name (comma list). Empty: the
   * host of OIDC_REDIRECT_URI and, outside production, localhost on PORT and on the web-user dev
   * server's port 5173. Never the request's Host header.
   */
  SIWE_DOMAINS: z.string().optional(),
  /** Wallet login (SIWE): chain ids accepted (comma list). */
  SIWE_CHAIN_IDS: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .default('1'),
  /** The issuer an authenticator app shows next to the TOTP code. */
  TWO_FACTOR_ISSUER: z.string().default('SWX Platform'),
  /** Google (or any OpenID Connect provider) login; off while OIDC_CLIENT_ID is unset. */
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The web page the provider returns to (the spec's /api/loginCallback/google). */
  OIDC_REDIRECT_URI: z.string().url().optional(),
  MARKET_SOURCES: z.string().default('simulator:*'),
  MARKET_TICK_MS: z.coerce.number().int().min(10).default(1000),
  MARKET_SIMULATOR_SEED: z.coerce.number().int().default(20240601),
  MARKET_EXCHANGE_WS_URL: z.string().url().default('wss://stream.binance.com:9443/stream'),
  /**
   * A price whose last tick is older than this is not traded on (the instrument pauses; 0 = off).
   * Unset: 120 s while a feed runs, off with MARKET_SOURCES=none (prices only from adapters or tests).
   */
  MARKET_STALE_SECONDS: z.coerce.number().int().min(0).optional(),
  /**
   * How many days the 1-minute candles are kept; the feeder deletes older ones (at its start, then
   * hourly). The coarser candles (5m to 1w) are kept for good.
   */
  MARKET_MINUTE_CANDLE_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * The house's market maker on the spot books (quotes around the feed price). `false` withdraws
   * its quotes and places none (benchmarks of the users' own order flow; pairs without a maker).
   */
  SPOT_MARKET_MAKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  FUNDS_XPUB_EVM: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,}$/)
    .optional(),
  FUNDS_XPUB_BTC: z
    .string()
    .regex(/^[xztv]pub[1-9A-HJ-NP-Za-km-z]{100,}$/)
    .optional(),
  FUNDS_ADDRESS_ERC20: z.string().optional(),
  FUNDS_ADDRESS_TRC20: z.string().optional(),
  FUNDS_ADDRESS_BTC: z.string().optional(),
  /** Uploads (vouchers, KYC documents) go to this S3-compatible bucket when set, else under DATA_DIR/uploads. */
  UPLOADS_S3_BUCKET: z.string().optional(),
  UPLOADS_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/)
    .default(''),
  UPLOADS_S3_REGION: z.string().default('us-east-1'),
  /** A non-AWS endpoint such as MinIO (http://127.0.0.1:9000); AWS when unset. */
  UPLOADS_S3_ENDPOINT: z.string().url().optional(),
  UPLOADS_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  UPLOADS_S3_ACCESS_KEY_ID: z.string().optional(),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type AppConfig = z.infer<typeof schema> & { jwtSecret: string };

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Parses the environment; throws one readable error naming every bad variable. */
export function parseEnvironment(env: NodeJS.ProcessEnv = process.env): z.infer<typeof schema> {
  // An empty variable means "not set" (as in a copied .env.example).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ADMIN_RECOVER && !parsed.data.ADMIN_PASSWORD)
    throw new Error('Invalid configuration:\n  ADMIN_PASSWORD: required with ADMIN_RECOVER=true');
  return parsed.data;
}
