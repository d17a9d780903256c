import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { buildApp } from '../app.js';
import { checkResponses } from '../../test/replies.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-cli-'));
const cli = (args: string[], env: Record<string, string> = {}) =>
  run(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/cli/create-manager.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', ...env },
  });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * The app on the CLI's database, signed in as the staff account: `check` gets the app, the login
 * response and a GET as that account.
 */
async function asStaff(
  email: string,
  password: string,
  check: (
    app: FastifyInstance,
    login: LightMyRequestResponse,
    get: (url: string) => Promise<LightMyRequestResponse>,
  ) => Promise<void>,
): Promise<void> {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    logger: false,
    checkResponses,
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/staff/login/', payload: { email, password } });
    const get = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Token ${login.json().token}` } });
    await check(app, login, get);
  } finally {
    await app.close();
  }
}

describe('create-manager', () => {
  it('creates a manager on an empty production database who can then log in', async () => {
    const { stdout } = await cli(['--email', 'Chefin@Firma.de', '--name', 'Hausverwaltung Nord'], {
      HAUSPORTAL_PASSWORD: 'Sicher-Haus-Nord-123!',
    });
    expect(stdout).toContain('Verwaltungszugang angelegt: chefin@firma.de');
    expect(stdout).not.toContain('Sicher-Haus-Nord-123!');

    await asStaff('chefin@firma.de', 'Sicher-Haus-Nord-123!', async (app, login) => {
      expect(login.statusCode).toBe(200);
      const locations = await app.ctx.db.selectFrom('locations').select('id').execute();
      expect(locations).toEqual([]);
    });
  });

  it('creates the first location with --new-location and gives it to the new manager', async () => {
    const { stdout } = await cli(['--email', 'haus@firma.de', '--new-location', 'Haus am See'], {
      HAUSPORTAL_PASSWORD: 'Kastanie-Nord-123!',
    });
    expect(stdout).toMatch(/Standort angelegt: Haus am See \(Nr\. \d+\)/);
    await asStaff('haus@firma.de', 'Kastanie-Nord-123!', async (_app, _login, get) => {
      const list = await get('/api/admin/locations/');
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((l: { title: string }) => l.title)).toEqual(['Haus am See']);
    });
  });

  it('creates an admin with --admin, who signs in to the back office as admin', async () => {
    const { stdout } = await cli(['--email', 'it@firma.de', '--name', 'Administration', '--admin'], {
      HAUSPORTAL_PASSWORD: 'Sicher-Haus-Sued-456!',
    });
    expect(stdout).toContain('Verwaltungszugang angelegt: it@firma.de (admin)');
    await asStaff('it@firma.de', 'Sicher-Haus-Sued-456!', async (_app, login, get) => {
      expect(login.statusCode).toBe(200);
      expect((await get('/api/admin/me/')).json()).toMatchObject({ email: 'it@firma.de', role: 'admin' });
    });
  });

  it('refuses a weak HAUSPORTAL_PASSWORD and creates no account', async () => {
    for (const [password, reason] of [
      ['12345678', 'Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter.'],
      ['passwort', 'Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter.'],
      ['schwach@firma.de-2026', 'Das Passwort darf Ihre E-Mail-Adresse oder deren Teil vor dem @ nicht enthalten.'],
    ]) {
      await expect(cli(['--email', 'schwach@firma.de'], { HAUSPORTAL_PASSWORD: password! })).rejects.toMatchObject({
        stderr: expect.stringContaining(`HAUSPORTAL_PASSWORD: ${reason}`),
      });
    }
    await asStaff('schwach@firma.de', '12345678', async (_app, login) => {
      expect(login.statusCode).toBe(400);
    });
  });

  it('refuses an invalid e-mail with a German message and a non-zero exit', async () => {
    await expect(cli(['--email', 'keine-adresse'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--email muss eine E-Mail-Adresse sein'),
    });
  });
});
