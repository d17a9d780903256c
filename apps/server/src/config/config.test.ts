import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
      host: '0.0.0.0',
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      databaseUrl: undefined,
      poolSize: 4,
      publicUrl: 'http://localhost:3000',
      appName: 'Hausportal',
      smtpUrl: undefined,
      mailFrom: 'Hausportal <no-reply@localhost>',
      seedDemo: true,
      redisUrl: undefined,
      secretKey: undefined,
      logLevel: 'info',
      trustProxy: false,
      rateLimit: { points: 10, durationSec: 900 },
    });
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
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      mailFrom: 'Portal <portal@example.org>',
      seedDemo: false,
      redisUrl: 'redis://cache:6379',
      secretKey: 's'.repeat(32),
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it('derives the public URL from PORT and the sender from PUBLIC_URL and APP_NAME', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    const c = loadConfig({ PUBLIC_URL: 'https://haus.example.org//', APP_NAME: 'Haus' });
    expect(c.publicUrl).toBe('https://haus.example.org');
    expect(c.mailFrom).toBe('Haus <no-reply@haus.example.org>');
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
      expect(loadConfig({ TRUST_PROXY: v }).trustProxy, v).toBe(expected);
    }
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
      smtpUrl: undefined,
    });
  });

  it('reads the attempt limit for login, tenant lookup and reset', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT: '5', AUTH_RATE_WINDOW_SEC: '60' }).rateLimit).toEqual({
      points: 5,
      durationSec: 60,
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
    ['TRUST_PROXY', 'sometimes', 'TRUST_PROXY: muss true oder false sein'],
    ['REDIS_URL', 'memcached://x', 'REDIS_URL: muss mit redis:// beginnen'],
    ['SECRET_KEY', 'kurz', 'SECRET_KEY: muss mindestens 32 Zeichen lang sein'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL:'],
    ['PUBLIC_URL', 'not a url', 'PUBLIC_URL: muss eine URL wie http://localhost:3000 sein'],
    ['PUBLIC_URL', 'localhost:3000', 'PUBLIC_URL: muss eine URL wie http://localhost:3000 sein'],
    ['PUBLIC_URL', 'ftp://files.example.org', 'PUBLIC_URL: muss eine URL wie http://localhost:3000 sein'],
    ['APP_NAME', 'x'.repeat(101), 'APP_NAME:'],
    ['AUTH_RATE_LIMIT', '0', 'AUTH_RATE_LIMIT:'],
    ['AUTH_RATE_WINDOW_SEC', 'lang', 'AUTH_RATE_WINDOW_SEC: muss eine Zahl sein'],
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
    expect(loadConfig({ HOME: '/root', NODE_ENV: 'production', PATH: '/usr/bin' }).port).toBe(3000);
  });
});
