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
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('SWX Platform <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  SEND_CODE_MAX_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  DEMO_GRANT_USDT: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('100000'),
  MARKET_SOURCES: z.string().default('simulator:*'),
  MARKET_TICK_MS: z.coerce.number().int().min(10).default(1000),
  MARKET_SIMULATOR_SEED: z.coerce.number().int().default(20240601),
  MARKET_EXCHANGE_WS_URL: z.string().url().default('wss://stream.binance.com:9443/stream'),
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
  return parsed.data;
}
