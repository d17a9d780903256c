import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { buildApp } from '../app.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-cli-'));
const cli = (args: string[], env: Record<string, string> = {}) =>
  run(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/cli/create-manager.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', ...env },
  });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('create-manager', () => {
  it('creates a manager on an empty production database who can then log in', async () => {
    const { stdout } = await cli(['--email', 'Chefin@Firma.de', '--name', 'Hausverwaltung Nord'], {
      HAUSPORTAL_PASSWORD: 'Sicher-123!',
    });
    expect(stdout).toContain('Verwaltungszugang angelegt: chefin@firma.de');
    expect(stdout).not.toContain('Sicher-123!');

    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      const ok = await app.inject({
        method: 'POST',
        url: '/api/staff/login/',
        payload: { email: 'chefin@firma.de', password: 'Sicher-123!' },
      });
      expect(ok.statusCode).toBe(200);
      const locations = await app.ctx.db.selectFrom('locations').select('id').execute();
      expect(locations).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('creates an admin with --admin, who signs in to the back office as admin', async () => {
    const { stdout } = await cli(['--email', 'it@firma.de', '--name', 'Administration', '--admin'], {
      HAUSPORTAL_PASSWORD: 'Sicher-456!',
    });
    expect(stdout).toContain('Verwaltungszugang angelegt: it@firma.de (admin)');
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/staff/login/',
        payload: { email: 'it@firma.de', password: 'Sicher-456!' },
      });
      expect(res.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/admin/me/',
        headers: { authorization: `Token ${res.json().token}` },
      });
      expect(me.json()).toMatchObject({ email: 'it@firma.de', role: 'admin' });
    } finally {
      await app.close();
    }
  });

  it('refuses an invalid e-mail with a German message and a non-zero exit', async () => {
    await expect(cli(['--email', 'keine-adresse'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--email muss eine E-Mail-Adresse sein'),
    });
  });
});
