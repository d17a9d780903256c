import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'muss true oder false sein' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql):\/\//.test(v) || /^sqlite:/.test(v), {
      error: 'muss mit postgres:// (oder sqlite:) beginnen',
    })
    .optional(),
  // Only http(s): `localhost:3000` parses as a URL with the scheme "localhost" and gave broken reset links.
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'muss eine URL wie http://localhost:3000 sein' }).optional(),
  APP_NAME: z.string().min(1).max(100).default('Hausportal'),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), { error: 'muss mit smtp:// oder smtps:// beginnen' })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SEED_DEMO: bool.default(true),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), { error: 'muss mit redis:// beginnen' })
    .optional(),
  SECRET_KEY: z.string().min(32, { error: 'muss mindestens 32 Zeichen lang sein' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(200).default(4),
  AUTH_RATE_LIMIT: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(1_000_000).default(10),
  AUTH_RATE_WINDOW_SEC: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(86_400).default(900),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process. */
  poolSize: number;
  publicUrl: string;
  appName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  redisUrl: string | undefined;
  secretKey: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** Attempts per window for login, tenant lookup and reset, per IP and per apartment. */
  rateLimit: { points: number; durationSec: number };
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like no FOO. So does white space,
  // which z.coerce.number() would otherwise read as 0 (PORT=" " listened on a random port).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    appName: e.APP_NAME,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    seedDemo: e.SEED_DEMO,
    redisUrl: e.REDIS_URL,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { points: e.AUTH_RATE_LIMIT, durationSec: e.AUTH_RATE_WINDOW_SEC },
  };
}
