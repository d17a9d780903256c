import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.js';

// `npm start` runs the server compiled ahead of time (issue 34, scripts/build-server.mjs): one
// bundle in apps/server/dist with its source map. What the bundle must still find beside itself
// (the legal templates in docs/legal, the built web app) is served from there too.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUNDLE = path.join(ROOT, 'apps/server/dist/server.js');

describe('npm start: the compiled server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-compiled-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds one bundle with a source map that points at the TypeScript sources', () => {
    const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('Server gebaut: apps/server/dist/server.js');
    const map = JSON.parse(fs.readFileSync(`${BUNDLE}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith('src/server.ts'))).toBe(true);
    expect(map.sources.some((s) => s.includes('contract/src/'))).toBe(true);
    // Packages stay in node_modules (native addons, files beside them); our TypeScript contract is bundled in.
    const text = fs.readFileSync(BUNDLE, 'utf8');
    expect(text).toMatch(/from "better-sqlite3"/);
    expect(text).not.toMatch(/from "@hausportal\/contract"/);
  }, 60_000);

  it('runs under plain node: migrates, answers the API and serves the legal templates from docs/legal', async () => {
    // The helper every process test uses starts this very bundle (test/server-process.ts).
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/api/health/`)).status, server.log()).toBe(200);
    const impressum = await fetch(`${base}/api/legal/impressum/`);
    expect(impressum.status).toBe(200);
    const body = (await impressum.json()) as { html: string };
    expect(body.html).toContain('Digitale-Dienste-Gesetz');
    expect(body.html).not.toContain('Für diese Seite liegt noch kein Text vor.');
    const login = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apartment_number: 'X-1', password: 'falsch' }),
    });
    expect(login.status).toBe(400);
    expect(Object.keys((await login.json()) as object)).toEqual(['non_field_errors']);
  }, 90_000);
});
