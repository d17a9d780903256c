import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { API_KEY_REQUESTS_PER_MINUTE } from '@hausportal/contract';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'muss true oder false sein' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list of origins (scheme, host, port), e.g. the push and webhook allowlists. */
const originList = (example: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      for (const o of origins) {
        if (!URL.canParse(o) || new URL(o).origin !== o.replace(/\/+$/, '')) {
          ctx.addIssue({ code: 'custom', message: `„${o}“ ist kein Origin wie ${example}` });
          return z.NEVER;
        }
      }
      return origins.map((o) => new URL(o).origin);
    })
    .default([]);

const envSchema = z
  .object({
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
    TRUST_PROXY: z
      .string()
      .transform((v, ctx) => {
        const trust = parseTrustProxy(v);
        if (trust === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'muss false, true, eine Zahl von Proxys oder eine Liste von IP-Adressen sein',
          });
          return z.NEVER;
        }
        return trust;
      })
      .default(false),
    DATABASE_POOL_SIZE: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(200).default(4),
    // A resident's access opens this many days before move-in (invitation then) and
    // closes this many days after move-out (sessions end then).
    ACCESS_OPENS_DAYS_BEFORE_MOVE_IN: z.coerce
      .number({ error: 'muss eine Zahl sein' })
      .int({ error: 'muss eine ganze Zahl sein' })
      .min(0, { error: 'muss 0 oder größer sein' })
      .max(365, { error: 'höchstens 365 Tage' })
      .default(14),
    ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT: z.coerce
      .number({ error: 'muss eine Zahl sein' })
      .int({ error: 'muss eine ganze Zahl sein' })
      .min(0, { error: 'muss 0 oder größer sein' })
      .max(365, { error: 'höchstens 365 Tage' })
      .default(30),
    MAIL_GIVE_UP_HOURS: z.coerce
      .number({ error: 'muss eine Zahl sein' })
      .positive()
      .max(24 * 30)
      .default(48),
    // Worker processes of `npm start` (ADR 017); one per core unless set.
    WEB_CONCURRENCY: z.coerce
      .number({ error: 'muss eine Zahl sein' })
      .int()
      .min(1, { error: 'muss mindestens 1 sein' })
      .max(64, { error: 'höchstens 64' })
      .optional(),
    // A reverse proxy that compresses itself makes the server's compression redundant (ADR 013).
    COMPRESS_RESPONSES: bool.default(true),
    // Requests a minute per integration key, each key counted on its own.
    API_KEY_RATE_LIMIT: z.coerce
      .number({ error: 'muss eine Zahl sein' })
      .int({ error: 'muss eine ganze Zahl sein' })
      .min(1, { error: 'muss mindestens 1 sein' })
      .max(1_000_000, { error: 'höchstens 1000000' })
      .default(API_KEY_REQUESTS_PER_MINUTE),
    // Extra push-service origins beyond the known browser push services (ADR 016); tests open a loopback one.
    PUSH_ENDPOINT_ALLOWLIST: originList('https://push.example.org'),
    // Extra webhook origins beyond public https addresses: an on-premises ERP, or a test's loopback receiver.
    WEBHOOK_ENDPOINT_ALLOWLIST: originList('https://erp.example.org'),
    VAPID_SUBJECT: z
      .string()
      .refine((v) => /^(mailto:|https:\/\/)/.test(v), { error: 'muss mit mailto: oder https:// beginnen' })
      .optional(),
    // Where uploaded files live (ADR 018): this machine's disk, an S3-compatible bucket, or the database.
    MEDIA_STORE: z.enum(['local', 's3', 'database'], { error: 'muss local, s3 oder database sein' }).default('local'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'muss eine URL wie https://s3.example.org sein' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'ist kein gültiger Bucket-Name' })
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/, { error: 'nur Buchstaben, Ziffern, _ . - und /' })
      .optional(),
    // Prometheus metrics (ADR 027): on a port of their own, not the public one, or on the public
    // port behind this bearer token; without either, /metrics answers 404.
    METRICS_PORT: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(65535).optional(),
    METRICS_TOKEN: z
      .string()
      .min(24, { error: 'muss mindestens 24 Zeichen lang sein' })
      .regex(/^[\x21-\x7e]+$/, { error: 'nur sichtbare ASCII-Zeichen, ohne Leerzeichen' })
      .optional(),
    NODE_ENV: z.string().optional(),
    // Cookieless page views (operations 7; README 'Analytics'): off unless all three are set.
    ANALYTICS_PROVIDER: z.enum(['plausible', 'matomo'], { error: 'muss plausible oder matomo sein' }).optional(),
    ANALYTICS_URL: z
      .url({ protocol: /^https?$/, error: 'muss eine URL wie https://statistik.example.org sein' })
      .refine((v) => !/[?#]/.test(v), { error: 'ohne ? und #: nur die Adresse der Instanz' })
      .refine((v) => v.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(v), {
        error: 'muss https:// sein (http nur für localhost)',
      })
      .optional(),
    ANALYTICS_SITE_ID: z
      .string()
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$/, { error: 'nur Buchstaben, Ziffern, . und -' })
      .optional(),
  })
  .superRefine((e, ctx) => {
    const analytics = [e.ANALYTICS_PROVIDER, e.ANALYTICS_URL, e.ANALYTICS_SITE_ID];
    if (analytics.some(Boolean))
      for (const name of ['ANALYTICS_PROVIDER', 'ANALYTICS_URL', 'ANALYTICS_SITE_ID'] as const) {
        if (!e[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'wird gebraucht, sobald ANALYTICS_* gesetzt ist' });
      }
    if (e.ANALYTICS_PROVIDER === 'matomo' && e.ANALYTICS_SITE_ID && !/^[1-9]\d{0,9}$/.test(e.ANALYTICS_SITE_ID))
      ctx.addIssue({
        code: 'custom',
        path: ['ANALYTICS_SITE_ID'],
        message: 'muss für Matomo die Zahl der Website sein (idsite)',
      });
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'muss sich von PORT unterscheiden' });
    // SQLite runs on one machine, where the disk is the simpler store.
    if (e.MEDIA_STORE === 'database' && !/^postgres/.test(e.DATABASE_URL ?? ''))
      ctx.addIssue({ code: 'custom', path: ['MEDIA_STORE'], message: 'database braucht PostgreSQL (DATABASE_URL)' });
    if (e.MEDIA_STORE !== 's3') return;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'wird für MEDIA_STORE=s3 gebraucht' });
    }
  });

/**
 * Which proxies may set the client address through X-Forwarded-For: none, all (`true`), the
 * nearest n hops (`1` for one reverse proxy), or the listed addresses and networks. Null if invalid.
 */
function parseTrustProxy(value: string): boolean | number | string[] | null {
  const v = value.trim().toLowerCase();
  if (['false', 'no', '0'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  const valid = entries.every((e) => {
    const [ip, bits, ...rest] = e.split('/');
    if (rest.length || !ip || !net.isIP(ip)) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv4(ip) ? 32 : 128));
  });
  return valid ? entries : null;
}

/** A budget: `points` within `durationSec`. */
export interface Limit {
  points: number;
  durationSec: number;
}

/** What a signed-in user may write per time window (ADR 008). */
export type WriteAction =
  | 'providerRequest'
  | 'message'
  | 'comment'
  | 'report'
  | 'attachment'
  | 'profilePicture'
  | 'dataExport'
  | 'ticket'
  | 'ticketMessage'
  | 'booking'
  | 'parcel';

/** Every throttle figure, explained in ADR 008. Tests shorten them through the config. */
export interface ThrottleConfig {
  login: {
    /** Consecutive failures per (address, apartment); a correct login clears it. */
    perPair: Limit;
    /** Failures per address, whichever apartment. */
    perIp: Limit;
    /**
     * Once an address has spent perIp: checks per (address, account) that are still
     * made, so a neighbour behind the same NAT signs in while guessing from there stays stopped;
     * each such check waits overBudgetDelayMs first, and a wrong password is answered with 429.
     */
    overBudgetPerPair: Limit;
    overBudgetDelayMs: number;
    /** Failures on a device that signed in to the account before (device cookie). */
    perDevice: Limit;
    /** Across all addresses: failures without delay, then a delay doubling from 1 s to maxDelaySec. */
    account: { freeFailures: number; windowSec: number; maxDelaySec: number };
  };
  /** Failed lookups (unknown apartment). */
  tenant: { perPair: Limit; perIp: Limit };
  /** Requests per address, and reset mails per account. */
  reset: { perIp: Limit; perAccount: Limit };
  /** Confirmations with an invalid token. */
  resetConfirm: { perIp: Limit };
  /**
   * Activation codes that do not work (unknown, expired, used): per address, and per address and
   * code. Once an address has spent perIp, each code is still checked overBudgetPerPair times
   * (after the login's delay), so a neighbour's mistypes do not lock the building's letters out.
   */
  activation: { perPair: Limit; perIp: Limit; overBudgetPerPair: Limit };
  /** The accessibility statement's feedback form, open without sign-in: per address, and per apartment when signed in. */
  feedback: { perIp: Limit; perApartment: Limit };
  writes: Record<WriteAction, Limit[]>;
  /** Requests per integration key (API_KEY_RATE_LIMIT a minute), counted per key, not per address. */
  apiKey: Limit;
}

const minutes = (n: number) => n * 60;
const hours = (n: number) => n * 3600;

export const DEFAULT_THROTTLE: ThrottleConfig = {
  login: {
    perPair: { points: 10, durationSec: minutes(15) },
    perIp: { points: 100, durationSec: hours(1) },
    // A resident retries a few times; a guesser gets 3 tries an hour per apartment from the address.
    overBudgetPerPair: { points: 3, durationSec: hours(1) },
    overBudgetDelayMs: 1000,
    perDevice: { points: 10, durationSec: minutes(15) },
    account: { freeFailures: 20, windowSec: hours(24), maxDelaySec: minutes(15) },
  },
  // Every lookup counts per address; a building's residents behind one address use the
  // forgotten-password screen far less than 30 times an hour.
  tenant: { perPair: { points: 10, durationSec: minutes(15) }, perIp: { points: 30, durationSec: hours(1) } },
  reset: { perIp: { points: 30, durationSec: hours(1) }, perAccount: { points: 5, durationSec: hours(1) } },
  resetConfirm: { perIp: { points: 20, durationSec: hours(1) } },
  activation: {
    perPair: { points: 5, durationSec: minutes(15) },
    perIp: { points: 20, durationSec: hours(1) },
    overBudgetPerPair: { points: 3, durationSec: hours(1) },
  },
  // Each feedback is a mail to every administrator and the location's managers: a household
  // writes a few a year. No install-wide cap: it let a dozen addresses silence the form for all.
  feedback: { perIp: { points: 5, durationSec: hours(1) }, perApartment: { points: 5, durationSec: hours(1) } },
  writes: {
    providerRequest: [
      { points: 20, durationSec: hours(1) },
      { points: 50, durationSec: hours(24) },
    ],
    message: [{ points: 20, durationSec: hours(1) }],
    comment: [{ points: 60, durationSec: hours(1) }],
    // Reports cost a manager's time; a resident reports a handful in a year.
    report: [{ points: 30, durationSec: hours(1) }],
    attachment: [{ points: 100, durationSec: hours(1) }],
    profilePicture: [{ points: 20, durationSec: hours(1) }],
    // Gathers every row of a user; a resident needs it a few times a year.
    dataExport: [{ points: 10, durationSec: hours(1) }],
    // A defect report costs a manager's time and a receipt mail; a household reports a few a year.
    // The receptionist opens tickets for others at the desk, so the budget is generous.
    ticket: [
      { points: 20, durationSec: hours(1) },
      { points: 60, durationSec: hours(24) },
    ],
    ticketMessage: [{ points: 60, durationSec: hours(1) }],
    // A reception logs a few hundred parcels on a busy day; this stops a stuck tablet, not the desk.
    parcel: [{ points: 600, durationSec: hours(1) }],
    booking: [{ points: 60, durationSec: hours(1) }],
  },
  apiKey: { points: API_KEY_REQUESTS_PER_MINUTE, durationSec: 60 },
};

/** How an outbox sends and retries (mail ADR 009, push ADR 016). Tests shorten the timings through the config. */
export interface OutboxTiming {
  /** First retry after this; doubling up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A row that has failed for this long without a success is given up (marked failed). */
  giveUpMs: number;
  /** Rows sent at once (SMTP connections, push requests). */
  concurrency: number;
  /** How often due rows are looked for. */
  pollMs: number;
  /** How long a sender holds a row; after a crash, it is sent again once this passes. */
  leaseMs: number;
}

export interface MailConfig extends OutboxTiming {
  smtpUrl: string | undefined;
  from: string;
}

/** The push outbox; its give-up is a day, since a push's news is stale by then. */
export interface PushConfig extends OutboxTiming {
  /** How long one request to a push service may take. */
  timeoutMs: number;
  /** Origins allowed besides the known push services (PUSH_ENDPOINT_ALLOWLIST). */
  endpointAllowlist: string[];
  /** The VAPID contact the push services may write to. */
  subject: string;
}

/**
 * The webhook outbox: Standard Webhooks' retry schedule instead of a doubling back-off,
 * an address guard like push's (https, no private addresses, checked when the address is resolved).
 */
export interface WebhookConfig {
  /** Waits before the 2nd, 3rd, … attempt; after the last one fails the delivery is given up. */
  retryScheduleMs: number[];
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  /** How long one request to an endpoint may take. */
  timeoutMs: number;
  /** How much of a response body is read (the rest is dropped). */
  responseCapBytes: number;
  /** Origins allowed besides public https addresses (WEBHOOK_ENDPOINT_ALLOWLIST). */
  endpointAllowlist: string[];
}

/** Where and how to reach the bucket (S3_* in the environment, README). */
export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, Ceph, Garage) instead of in the host name (AWS). */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can serve several installs. */
  prefix: string;
}

/** Where uploaded files live (MEDIA_STORE, S3_*; ADR 018). */
export interface MediaConfig {
  store: 'local' | 's3' | 'database';
  s3: S3Settings;
}

export type Config = {
  port: number;
  /** Days a resident's access opens before move-in and closes after move-out. */
  access: { opensDaysBeforeMoveIn: number; closesDaysAfterMoveOut: number };
  /** Worker processes `npm start` forks (WEB_CONCURRENCY, default one per core). */
  webConcurrency: number;
  host: string;
  dataDir: string;
  /** Where MEDIA_STORE=local keeps files, and where the copy command reads them from. */
  mediaDir: string;
  media: MediaConfig;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process. */
  poolSize: number;
  publicUrl: string;
  appName: string;
  seedDemo: boolean;
  redisUrl: string | undefined;
  secretKey: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: which proxies may name the client address (README, ADR 008). */
  trustProxy: boolean | number | string[];
  /** NODE_ENV=production: no secret links in the log. */
  production: boolean;
  /** Compress JSON and index.html for clients that accept it (COMPRESS_RESPONSES, ADR 013). */
  compressResponses: boolean;
  /** Prometheus metrics (ADR 027): their own port (METRICS_PORT) and/or a bearer token on the public port. */
  metrics: { port: number | undefined; token: string | undefined };
  /** Cookieless page views to the operator's own Plausible or Matomo (ANALYTICS_*); null: off. */
  analytics: AnalyticsConfig | null;
  throttle: ThrottleConfig;
  mail: MailConfig;
  push: PushConfig;
  webhooks: WebhookConfig;
};

export class ConfigError extends Error {}

/** What the web apps need to send page views (README 'Analytics'); also widens the CSP's connect-src. */
export interface AnalyticsConfig {
  provider: 'plausible' | 'matomo';
  /** The instance's address without a trailing slash, e.g. https://statistik.example.org. */
  url: string;
  /** Plausible: the site's domain as registered there; Matomo: the idsite number. */
  siteId: string;
}

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
    access: {
      opensDaysBeforeMoveIn: e.ACCESS_OPENS_DAYS_BEFORE_MOVE_IN,
      closesDaysAfterMoveOut: e.ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT,
    },
    webConcurrency: e.WEB_CONCURRENCY ?? os.availableParallelism(),
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    media: {
      store: e.MEDIA_STORE,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET ?? '',
        accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
      },
    },
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    appName: e.APP_NAME,
    seedDemo: e.SEED_DEMO,
    redisUrl: e.REDIS_URL,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    production: e.NODE_ENV === 'production',
    compressResponses: e.COMPRESS_RESPONSES,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    analytics:
      e.ANALYTICS_PROVIDER && e.ANALYTICS_URL && e.ANALYTICS_SITE_ID
        ? { provider: e.ANALYTICS_PROVIDER, url: e.ANALYTICS_URL.replace(/\/+$/, ''), siteId: e.ANALYTICS_SITE_ID }
        : null,
    throttle: { ...structuredClone(DEFAULT_THROTTLE), apiKey: { points: e.API_KEY_RATE_LIMIT, durationSec: 60 } },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
      retryBaseMs: 30_000,
      retryMaxMs: 15 * 60_000,
      giveUpMs: e.MAIL_GIVE_UP_HOURS * 3_600_000,
      concurrency: 4,
      pollMs: 30_000,
      leaseMs: 5 * 60_000,
    },
    push: {
      retryBaseMs: 30_000,
      retryMaxMs: 15 * 60_000,
      giveUpMs: 24 * 3_600_000,
      concurrency: 4,
      pollMs: 30_000,
      leaseMs: 60_000,
      timeoutMs: 10_000,
      endpointAllowlist: e.PUSH_ENDPOINT_ALLOWLIST,
      subject: e.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(publicUrl).hostname}`,
    },
    webhooks: {
      // Standard Webhooks' example: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h).
      retryScheduleMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000],
      concurrency: 4,
      pollMs: 5_000,
      leaseMs: 60_000,
      timeoutMs: 10_000,
      responseCapBytes: 256 * 1024,
      endpointAllowlist: e.WEBHOOK_ENDPOINT_ALLOWLIST,
    },
  };
}
