import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_THROTTLE, loadConfig } from './config.js';

/** The message loadConfig throws for `env`, or a failure when it does not throw. */
function errorFor(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('applies the defaults when nothing is set', () => {
    const dataDir = path.resolve('./data');
    expect(loadConfig({})).toEqual({
      port: 3000,
      access: { opensDaysBeforeMoveIn: 14, closesDaysAfterMoveOut: 30 },
      webConcurrency: os.availableParallelism(),
      host: '0.0.0.0',
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      media: {
        store: 'local',
        s3: {
          endpoint: undefined,
          region: 'us-east-1',
          bucket: '',
          accessKeyId: '',
          secretAccessKey: '',
          forcePathStyle: false,
          prefix: '',
        },
      },
      databaseUrl: undefined,
      poolSize: 4,
      publicUrl: 'http://localhost:3000',
      appName: 'Hausportal',
      seedDemo: true,
      redisUrl: undefined,
      secretKey: undefined,
      logLevel: 'info',
      trustProxy: false,
      production: false,
      compressResponses: true,
      // Off unless the operator sets them (/metrics, analytics).
      metrics: { port: undefined, token: undefined },
      analytics: null,
      throttle: DEFAULT_THROTTLE,
      mail: {
        smtpUrl: undefined,
        from: 'Hausportal <no-reply@localhost>',
        retryBaseMs: 30_000,
        retryMaxMs: 900_000,
        giveUpMs: 48 * 3_600_000,
        concurrency: 4,
        pollMs: 30_000,
        leaseMs: 300_000,
      },
      push: {
        retryBaseMs: 30_000,
        retryMaxMs: 900_000,
        giveUpMs: 24 * 3_600_000,
        concurrency: 4,
        pollMs: 30_000,
        leaseMs: 60_000,
        timeoutMs: 10_000,
        endpointAllowlist: [],
        subject: 'mailto:no-reply@localhost',
      },
      webhooks: {
        retryScheduleMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
        concurrency: 4,
        pollMs: 5_000,
        leaseMs: 60_000,
        timeoutMs: 10_000,
        responseCapBytes: 262_144,
        endpointAllowlist: [],
      },
    });
  });

  it('reads the media store and refuses an incomplete one, naming what is missing', () => {
    expect(loadConfig({}).media.store).toBe('local');
    const s3 = loadConfig({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'https://s3.example.org',
      S3_BUCKET: 'hausportal',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'geheim',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'haus-a',
    }).media;
    expect(s3).toEqual({
      store: 's3',
      s3: {
        endpoint: 'https://s3.example.org',
        region: 'us-east-1',
        bucket: 'hausportal',
        accessKeyId: 'id',
        secretAccessKey: 'geheim',
        forcePathStyle: true,
        prefix: 'haus-a/',
      },
    });
    const missing = errorFor({ MEDIA_STORE: 's3', S3_BUCKET: 'hausportal' });
    expect(missing).toContain('S3_ACCESS_KEY_ID: wird für MEDIA_STORE=s3 gebraucht');
    expect(missing).toContain('S3_SECRET_ACCESS_KEY: wird für MEDIA_STORE=s3 gebraucht');
    expect(errorFor({ MEDIA_STORE: 'ftp' })).toContain('MEDIA_STORE: muss local, s3 oder database sein');
    expect(
      errorFor({
        MEDIA_STORE: 's3',
        S3_BUCKET: 'Nicht Gültig',
        ...{ S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
      }),
    ).toContain('S3_BUCKET: ist kein gültiger Bucket-Name');
    expect(errorFor({ MEDIA_STORE: 'database' })).toContain('MEDIA_STORE: database braucht PostgreSQL (DATABASE_URL)');
    expect(loadConfig({ MEDIA_STORE: 'database', DATABASE_URL: 'postgres://db/hp' }).media.store).toBe('database');
  });

  it('reads WEB_CONCURRENCY, the worker processes of npm start', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY: muss mindestens 1 sein/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'viele' })).toThrow(/WEB_CONCURRENCY: muss eine Zahl sein/);
  });

  it('reads WEBHOOK_ENDPOINT_ALLOWLIST like the push allowlist: origins only', () => {
    const c = loadConfig({ WEBHOOK_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:4567/, https://erp.intern.example.org:8443' });
    expect(c.webhooks.endpointAllowlist).toEqual(['http://127.0.0.1:4567', 'https://erp.intern.example.org:8443']);
    expect(() => loadConfig({ WEBHOOK_ENDPOINT_ALLOWLIST: 'https://erp.example.org/hooks' })).toThrow(
      /WEBHOOK_ENDPOINT_ALLOWLIST: „https:\/\/erp.example.org\/hooks“ ist kein Origin wie https:\/\/erp.example.org/,
    );
  });

  it('reads the push settings: allowed push-service origins and the VAPID contact', () => {
    const c = loadConfig({
      PUSH_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:4567, https://push.example.org',
      VAPID_SUBJECT: 'mailto:technik@example.org',
    });
    expect(c.push.endpointAllowlist).toEqual(['http://127.0.0.1:4567', 'https://push.example.org']);
    expect(c.push.subject).toBe('mailto:technik@example.org');
    expect(() => loadConfig({ PUSH_ENDPOINT_ALLOWLIST: 'https://push.example.org/pfad' })).toThrow(
      /PUSH_ENDPOINT_ALLOWLIST: „https:\/\/push.example.org\/pfad“ ist kein Origin/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'technik@example.org' })).toThrow(
      /VAPID_SUBJECT: muss mit mailto: oder https:\/\/ beginnen/,
    );
  });

  it('reads every variable it knows', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/hp-data',
      DATABASE_URL: 'postgres://u@db:5432/hp',
      DATABASE_POOL_SIZE: '12',
      PUBLIC_URL: 'https://portal.example.org/',
      APP_NAME: 'Mieterportal',
      SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      MAIL_FROM: 'Portal <portal@example.org>',
      SEED_DEMO: 'false',
      REDIS_URL: 'redis://cache:6379',
      SECRET_KEY: 's'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      MAIL_GIVE_UP_HOURS: '72',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/hp-data',
      mediaDir: '/tmp/hp-data/media',
      databaseUrl: 'postgres://u@db:5432/hp',
      poolSize: 12,
      publicUrl: 'https://portal.example.org',
      appName: 'Mieterportal',
      mail: expect.objectContaining({
        smtpUrl: 'smtps://user:pw@mail.example.org:465',
        from: 'Portal <portal@example.org>',
        giveUpMs: 72 * 3_600_000,
      }),
      seedDemo: false,
      redisUrl: 'redis://cache:6379',
      secretKey: 's'.repeat(32),
      logLevel: 'warn',
      trustProxy: true,
      production: true,
    });
  });

  it('derives the public URL from PORT and the sender from PUBLIC_URL and APP_NAME', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    const c = loadConfig({ PUBLIC_URL: 'https://haus.example.org//', APP_NAME: 'Haus' });
    expect(c.publicUrl).toBe('https://haus.example.org');
    expect(c.mail.from).toBe('Haus <no-reply@haus.example.org>');
  });

  it('accepts true/false, 1/0 and yes/no for flags', () => {
    for (const [v, expected] of [
      ['true', true],
      ['1', true],
      ['yes', true],
      ['false', false],
      ['0', false],
      ['no', false],
    ] as const) {
      expect(loadConfig({ SEED_DEMO: v }).seedDemo, v).toBe(expected);
    }
  });

  it('reads TRUST_PROXY as off, all proxies, a number of hops or a list of proxy addresses', () => {
    for (const [v, expected] of [
      ['false', false],
      ['0', false],
      ['true', true],
      ['1', 1],
      ['2', 2],
      ['10.0.0.5', ['10.0.0.5']],
      ['10.0.0.0/8, 172.16.0.0/12,::1', ['10.0.0.0/8', '172.16.0.0/12', '::1']],
    ] as const) {
      expect(loadConfig({ TRUST_PROXY: v }).trustProxy, v).toEqual(expected);
    }
  });

  it('gives every loaded config its own throttle figures, so a test that tightens one changes no other', () => {
    const a = loadConfig({});
    a.throttle.login.perPair.points = 1;
    expect(loadConfig({}).throttle.login.perPair.points).toBe(10);
  });

  it('accepts sqlite: and postgresql:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/hp' }).databaseUrl).toBe('postgresql://localhost/hp');
  });

  it('treats empty and blank values as unset', () => {
    const c = loadConfig({ PORT: '', HOST: '  ', SEED_DEMO: '', PUBLIC_URL: ' ', SMTP_URL: '' });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
      mail: expect.objectContaining({ smtpUrl: undefined }),
    });
  });

  it.each([
    ['PORT', 'abc', 'PORT: muss eine Zahl sein'],
    ['PORT', '70000', 'PORT:'],
    ['PORT', '80.5', 'PORT: muss eine Zahl sein'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL: muss mit postgres:// (oder sqlite:) beginnen'],
    ['DATABASE_POOL_SIZE', 'viele', 'DATABASE_POOL_SIZE: muss eine Zahl sein'],
    ['DATABASE_URL', '/var/lib/hp.sqlite', 'DATABASE_URL: muss mit postgres:// (oder sqlite:) beginnen'],
    ['SMTP_URL', 'http://x', 'SMTP_URL: muss mit smtp:// oder smtps:// beginnen'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO: muss true oder false sein'],
    [
      'TRUST_PROXY',
      'sometimes',
      'TRUST_PROXY: muss false, true, eine Zahl von Proxys oder eine Liste von IP-Adressen sein',
    ],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY: muss false'],
    ['MAIL_GIVE_UP_HOURS', 'nie', 'MAIL_GIVE_UP_HOURS: muss eine Zahl sein'],
    ['REDIS_URL', 'memcached://x', 'REDIS_URL: muss mit redis:// beginnen'],
    ['SECRET_KEY', 'kurz', 'SECRET_KEY: muss mindestens 32 Zeichen lang sein'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL:'],
    ['PUBLIC_URL', 'not a url', 'PUBLIC_URL: muss eine URL wie http://localhost:3000 sein'],
    ['PUBLIC_URL', 'localhost:3000', 'PUBLIC_URL: muss eine URL wie http://localhost:3000 sein'],
    ['PUBLIC_URL', 'ftp://files.example.org', 'PUBLIC_URL: muss eine URL wie http://localhost:3000 sein'],
    ['APP_NAME', 'x'.repeat(101), 'APP_NAME:'],
  ])('rejects %s=%s with a message naming the variable', (name, value, expected) => {
    const message = errorFor({ [name]: value });
    expect(message).toMatch(/^Ungültige Konfiguration:\n/);
    expect(message).toContain(`  ${expected}`);
  });

  it('names every bad variable at once', () => {
    const message = errorFor({ PORT: 'abc', SMTP_URL: 'http://x', SEED_DEMO: 'maybe' });
    expect(message.split('\n')).toEqual([
      'Ungültige Konfiguration:',
      '  PORT: muss eine Zahl sein',
      '  SMTP_URL: muss mit smtp:// oder smtps:// beginnen',
      '  SEED_DEMO: muss true oder false sein',
    ]);
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ HOME: '/root', PATH: '/usr/bin' }).port).toBe(3000);
  });
});
