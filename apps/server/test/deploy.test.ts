import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_FILE_BYTES } from '@hausportal/contract';

// What a self-hoster relies on in the Dockerfile and deploy/ (deploy/README.md). No Docker daemon
// runs here, so these read the files instead of building the image.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const dockerfile = read('Dockerfile');
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const configSource = read('apps/server/src/config/config.ts');

interface Service {
  build?: unknown;
  deploy?: { replicas?: number };
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | { target: number; published?: string | number })[];
}
const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service> };
const app = compose.services.app!;
const env = Object.fromEntries(Object.entries(app.environment ?? {}).map(([k, v]) => [k, String(v ?? '')]));

describe('Dockerfile', () => {
  it('builds in one stage and runs from another', () => {
    expect(instructions.filter((l) => /^FROM\s/i.test(l)).length).toBeGreaterThanOrEqual(2);
  });

  it('runs as a user other than root', () => {
    const users = instructions.filter((l) => /^USER\s/i.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('has a health check on readiness, /api/ready/ (ADR 027)', () => {
    const check = instructions.find((l) => /^HEALTHCHECK\s/i.test(l));
    expect(check).toMatch(/\/api\/ready\//);
  });

  it('starts the cluster primary as the signalled process, which migrates once and relays SIGTERM', () => {
    expect(instructions).toContain('CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]');
    expect(dockerfile).toContain('node scripts/build-server.mjs');
    expect(instructions).toContain('STOPSIGNAL SIGTERM');
  });

  it('keeps the workspace links resolvable: same WORKDIR, packages/ copied beside node_modules', () => {
    // node_modules/@hausportal/contract -> ../../packages/contract, relative to the WORKDIR.
    expect(fs.readlinkSync(path.join(ROOT, 'node_modules/@hausportal/contract'))).toBe('../../packages/contract');
    const workdirs = instructions.filter((l) => /^WORKDIR\s/i.test(l));
    expect(new Set(workdirs).size).toBe(1);
    const lastFrom = instructions.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true);
    const runtime = instructions.slice(lastFrom);
    // docs/legal: the legal pages' templates, read at run time (modules/legal/legal.templates.ts).
    for (const dir of ['node_modules', 'packages', 'apps/server', 'apps/web/dist', 'docs/legal'])
      expect(runtime.some((l) => l.startsWith('COPY --from=build') && l.endsWith(` ./${dir}`))).toBe(true);
  });

  it('sets only environment variables the server reads', () => {
    const names = instructions
      .filter((l) => /^ENV\s/i.test(l))
      .flatMap((l) => [...l.matchAll(/(\w+)=/g)].map((m) => m[1]!));
    expect(names).toContain('DATA_DIR');
    for (const name of names) expect(configSource, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
});

describe('deploy/compose.yaml', () => {
  it('has postgres, redis, app and caddy', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'app', 'caddy']));
  });

  it('runs two app replicas, reachable only through Caddy', () => {
    expect(app.deploy?.replicas).toBe(2);
    expect(app.build).toBeDefined();
    expect(app.ports).toBeUndefined();
  });

  it('trusts exactly one proxy, so a client cannot pick its address', () => {
    expect(env.TRUST_PROXY).toBe('1');
  });

  it('shares state between replicas: PostgreSQL, Redis, files outside the container', () => {
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(env.REDIS_URL).toMatch(/^redis:\/\//);
    expect(env.MEDIA_STORE).toBeTruthy();
    expect(env.MEDIA_STORE).not.toBe('local');
  });

  it('requires SECRET_KEY, so every replica signs with the same key', () => {
    expect(env.SECRET_KEY).toMatch(/^\$\{SECRET_KEY:\?[^}]+\}$/);
  });

  it('sets on app only variables the server reads', () => {
    const names = Object.keys(app.environment ?? {});
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(configSource, name).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('checks the readiness of app, and gives its drain time before Docker kills it', () => {
    const check = (app as { healthcheck?: { test?: string[] } }).healthcheck?.test?.join(' ') ?? '';
    expect(check).toMatch(/\/api\/ready\//);
    const grace = /^(\d+)s$/.exec(String((app as { stop_grace_period?: string }).stop_grace_period));
    // 10 s drain + 5 s for the outboxes in the workers, 20 s for the primary at most.
    expect(Number(grace?.[1])).toBeGreaterThan(20);
  });

  it('lets Caddy publish 443', () => {
    const ports = (compose.services.caddy!.ports ?? []).map((p) =>
      typeof p === 'string' ? p : `${p.published}:${p.target}`,
    );
    expect(ports.some((p) => /^(.*:)?443:443(\/tcp)?$/.test(p))).toBe(true);
  });

  it('names in .env.example every variable it requires', () => {
    const required = new Set([...read('deploy/compose.yaml').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]!));
    const example = new Set([...read('deploy/.env.example').matchAll(/^(\w+)=/gm)].map((m) => m[1]!));
    expect(required.size).toBeGreaterThan(0);
    for (const name of required) expect(example.has(name), name).toBe(true);
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile')
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');

  it('lets an upload of 5 files of MAX_FILE_BYTES through', () => {
    const m = /max_size\s+(\d+)\s*(MB|MiB|GB|GiB)/.exec(caddyfile);
    expect(m).not.toBeNull();
    const unit = { MB: 1e6, MiB: 2 ** 20, GB: 1e9, GiB: 2 ** 30 }[m![2] as 'MB'];
    // 5 files, up to 20 fields of 100 kB (apps/server/src/app.ts), and the multipart framing.
    expect(Number(m![1]) * unit).toBeGreaterThan(5 * MAX_FILE_BYTES + 20 * 100_000 + 100_000);
  });

  it('proxies to every app replica and leaves compression to the app', () => {
    expect(caddyfile).toMatch(/dynamic a app 3000/);
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
  });
});
