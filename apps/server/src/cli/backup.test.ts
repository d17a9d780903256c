import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { referencedMediaKeys } from '../lib/backup.js';
import { checkResponses, dialects, startApp, testConfig, type TestApp } from '../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../test/factories.js';
import { call, pngImage, uploadAttachment } from '../../test/helpers.js';

// `npm run backup` while the server takes a write burst, `npm run restore`
// into an empty DATA_DIR, a server on the copy: every write acknowledged before the backup began
// is there, with its files, and no row names a file that is missing.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const kinds = await dialects();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs a CLI like `npm run backup` does; resolves with its output and exit code. */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, [`apps/server/src/cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/api/media/', '');

describe.each(kinds)('npm run backup / restore (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, {}, (c) => {
      // The burst writes faster than a resident may; the budgets are not under test here.
      c.throttle.writes.message = [{ points: 100_000, durationSec: 3600 }];
      c.throttle.writes.attachment = [{ points: 100_000, durationSec: 3600 }];
    });
  });
  afterAll(() => t.close());

  if (kind === 'postgres') {
    it('explains that PostgreSQL is backed up with pg_dump, as deploy/README.md describes', async () => {
      for (const script of ['backup', 'restore'] as const) {
        const res = await cli(script, script === 'restore' ? ['x.tar.gz'] : [], {
          DATA_DIR: path.join(tmp, 'pg'),
          DATABASE_URL: t.db.databaseUrl!,
        });
        expect(res.code, script).toBe(1);
        expect(res.stderr).toContain('PostgreSQL');
        expect(res.stderr).toContain(script === 'backup' ? 'pg_dump' : 'pg_restore');
        expect(res.stderr).toContain('deploy/README.md');
      }
      expect(fs.existsSync(path.join(tmp, 'pg'))).toBe(false);
    });
    return;
  }

  it('backs up during a write burst; the restored copy has every acknowledged write and file', async () => {
    const location = await newLocation(t);
    const users: TestUser[] = await Promise.all([1, 2, 3, 4].map(() => newUser(t, { locationId: location })));
    const tokens = await Promise.all(users.map((u) => signIn(t, u)));
    const photo = await pngImage(96, 64);

    /** Every acknowledged write: the post, its author, when the answer came, and its files. */
    const acked: { id: number; text: string; author: number; at: number; files: string[] }[] = [];
    let stop = false;
    let refused = 0;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const text = `Beitrag ${w}-${i}`;
        const created = await call(t.app, 'POST', '/api/messages/', { auth: tokens[w], payload: { text } });
        if (created.status !== 201) {
          refused++;
          continue;
        }
        acked.push({ id: created.body.id, text, author: w, at: Date.now(), files: [] });
        const entry = acked.at(-1)!;
        const up = await uploadAttachment(t.app, tokens[w]!, entry.id, {
          filename: `foto-${i}.png`,
          type: 'image/png',
          data: photo,
        });
        if (up.status !== 201) {
          refused++;
          continue;
        }
        // The attachment is a second write; it counts from its own acknowledgement.
        acked.push({
          id: entry.id,
          text,
          author: w,
          at: Date.now(),
          files: [keyOf(up.body.document), keyOf(up.body.thumbnail)],
        });
      }
    };
    const burst = Promise.all([0, 1, 2, 3].map(worker));
    // Let the burst get going, then back up in the middle of it.
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 20));
    const archive = path.join(tmp, 'sicherung.tar.gz');
    const backupStarted = Date.now();
    const backup = await cli('backup', ['--out', archive], { DATA_DIR: t.db.dataDir });
    const duringBackup = acked.filter((a) => a.at > backupStarted).length;
    // And a little more after it, so the copy is known to miss later writes, not all writes.
    const target = acked.length + 8;
    while (acked.length < target) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await burst;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Fertig: Datenbank \(Migration \d{3}-[a-z-]+\) und \d+ Datei\(en\)/);
    expect(refused).toBe(0);
    expect(duringBackup).toBeGreaterThan(0);

    // Into a DATA_DIR that holds anything: refused, in German, and nothing is touched.
    const busy = path.join(tmp, 'belegt');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'hausportal.sqlite'), 'alt');
    const checksum = /Prüfsumme \(SHA-256\): ([0-9a-f]{64})/.exec(backup.stdout)?.[1];
    expect(checksum).toBe(sha256(fs.readFileSync(archive)));
    expect(fs.readFileSync(`${archive}.sha256`, 'utf8')).toBe(`${checksum}  sicherung.tar.gz\n`);
    const refusedRestore = await cli('restore', [archive, '--sha256', checksum!], { DATA_DIR: busy });
    expect(refusedRestore.code).toBe(1);
    expect(refusedRestore.stderr).toContain(`DATA_DIR ${busy} ist nicht leer`);
    expect(fs.readFileSync(path.join(busy, 'hausportal.sqlite'), 'utf8')).toBe('alt');

    const copyDir = path.join(tmp, 'kopie');
    const restored = await cli('restore', [archive, '--sha256', checksum!], { DATA_DIR: copyDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Fertig: Sicherung vom .* Datei\(en\) geprüft\./);

    // No row of the copy names a file that is not there.
    const referenced = referencedMediaKeys(path.join(copyDir, 'hausportal.sqlite'));
    expect(referenced.size).toBeGreaterThan(0);
    const dangling = [...referenced].filter((key) => !fs.existsSync(path.join(copyDir, 'media', key)));
    expect(dangling).toEqual([]);

    // A server on the copy has every write acknowledged before the backup began, with its files.
    const handle = openDatabase({ dataDir: copyDir });
    const copy = await buildApp({
      config: testConfig({ handle, dataDir: copyDir, databaseUrl: undefined, drop: async () => undefined }),
      database: handle,
      logger: false,
      checkResponses,
    });
    try {
      const before = acked.filter((a) => a.at < backupStarted);
      expect(before.length).toBeGreaterThanOrEqual(40);
      const copyTokens = await Promise.all(
        users.map((u) => signIn({ app: copy, db: t.db, close: async () => undefined }, u)),
      );
      for (const write of before) {
        const res = await call(copy, 'GET', `/api/messages/${write.id}/`, { auth: copyTokens[write.author] });
        expect(res.status, write.text).toBe(200);
        expect(res.body.text).toBe(write.text);
        const served = new Map<string, string>();
        for (const d of res.body.documents) {
          served.set(keyOf(d.document), d.document);
          served.set(keyOf(d.thumbnail), d.thumbnail);
        }
        for (const key of write.files) {
          expect(served.has(key), key).toBe(true);
          const file = await call(copy, 'GET', served.get(key)!);
          expect(file.status, key).toBe(200);
          expect(sha256(file.raw)).toBe(sha256(fs.readFileSync(path.join(t.db.dataDir, 'media', key))));
        }
      }
    } finally {
      await copy.close();
      await handle.close();
    }
  });

  it('refuses an archive whose file does not match its checksum, and leaves the folder empty', async () => {
    const archive = path.join(tmp, 'sicherung.tar.gz');
    const unpacked = path.join(tmp, 'entpackt');
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const media = path.join(unpacked, 'media', 'posts');
    const victim = path.join(media, fs.readdirSync(media)[0]!);
    const bytes = fs.readFileSync(victim);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    fs.writeFileSync(victim, bytes);
    const bad = path.join(tmp, 'beschaedigt.tar.gz');
    await tar.create({ gzip: true, file: bad, cwd: unpacked }, fs.readdirSync(unpacked));
    const target = path.join(tmp, 'ziel');
    const res = await cli('restore', [bad, '--sha256', sha256(fs.readFileSync(bad))], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Die Sicherung ist beschädigt, nichts wurde wiederhergestellt');
    expect(res.stderr).toContain('(Prüfsumme falsch)');
    expect(fs.readdirSync(target)).toEqual([]);
  });

  /** The archive unpacked, changed by `tamper`, packed again; returns the new archive. */
  const tampered = async (name: string, tamper: (dir: string) => void, from = path.join(tmp, 'sicherung.tar.gz')) => {
    const dir = fs.mkdtempSync(path.join(tmp, `${name}-`));
    await tar.extract({ file: from, cwd: dir });
    tamper(dir);
    const out = path.join(tmp, `${name}.tar.gz`);
    await tar.create({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
    return out;
  };
  /** The database changed and the manifest rewritten to match it, as someone with the backup store could. */
  const rewriteManifest = (dir: string) => {
    const db = path.join(dir, 'hausportal.sqlite');
    fs.appendFileSync(db, Buffer.alloc(4096));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    for (const f of manifest.files)
      if (f.path === 'hausportal.sqlite')
        Object.assign(f, { size: fs.statSync(db).size, sha256: sha256(fs.readFileSync(db)) });
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  };

  it('restores nothing the backup did not vouch for: without the checksum or SECRET_KEY, or with a rewritten manifest', async () => {
    const archive = path.join(tmp, 'sicherung.tar.gz');
    const target = path.join(tmp, 'ungeprueft');
    const plain = await cli('restore', [archive], { DATA_DIR: target });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^Die Sicherung lässt sich nicht beglaubigen: Geben Sie die Prüfsumme an/);
    const forged = await tampered('umgeschrieben', rewriteManifest);
    const claimed = await cli('restore', [forged, '--sha256', sha256(fs.readFileSync(archive))], { DATA_DIR: target });
    expect(claimed.code).toBe(1);
    expect(claimed.stderr).toMatch(/^Die Prüfsumme der Sicherung stimmt nicht: erwartet [0-9a-f]{64}, die Datei hat/);
    const emptied = await tampered('leer', (dir) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, files: [], file_count: 0 }));
      // A name the store could have made, but a file the backup never wrote.
      const posts = path.join(dir, 'media', 'posts');
      const real = fs.readdirSync(posts)[0]!;
      fs.writeFileSync(path.join(posts, `${real[0] === 'Z' ? 'Y' : 'Z'}${real.slice(1)}`), 'nicht im Manifest');
    });
    const unlisted = await cli('restore', [emptied, '--sha256', sha256(fs.readFileSync(emptied))], {
      DATA_DIR: target,
    });
    expect(unlisted.code).toBe(1);
    expect(unlisted.stderr).toContain('hausportal.sqlite (fehlt im Manifest)');
    expect(unlisted.stderr).toMatch(/media\/posts\/[YZ][^ ]+ \(nicht im Manifest\)/);
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
  });

  it('with SECRET_KEY signs the manifest; a rewritten manifest or another key is refused, the untouched archive restores', async () => {
    const key = 'ein-geheimer-schluessel-mit-mindestens-32-zeichen';
    const signed = path.join(tmp, 'signiert.tar.gz');
    const made = await cli('backup', ['--out', signed], { DATA_DIR: t.db.dataDir, SECRET_KEY: key });
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Das Manifest ist außerdem mit SECRET_KEY signiert.');
    const forged = await tampered('signiert-umgeschrieben', rewriteManifest, signed);
    const refused = await cli('restore', [forged], { DATA_DIR: path.join(tmp, 's1'), SECRET_KEY: key });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Die Signatur des Manifests stimmt nicht/);
    const otherKey = await cli('restore', [signed], { DATA_DIR: path.join(tmp, 's2'), SECRET_KEY: `${key}-anders` });
    expect(otherKey.code).toBe(1);
    expect(otherKey.stderr).toMatch(/^Die Signatur des Manifests stimmt nicht/);
    const restored = await cli('restore', [signed], { DATA_DIR: path.join(tmp, 's3'), SECRET_KEY: key });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const restoredFiles = fs.readdirSync(path.join(tmp, 's3'));
    expect(restoredFiles).toContain('hausportal.sqlite');
    expect(restoredFiles.filter((f) => f.startsWith('manifest'))).toEqual([]);
  });

  it('refuses a cut-off or foreign file with a German sentence, no stack trace, and leaves the folder empty', async () => {
    const whole = fs.readFileSync(path.join(tmp, 'sicherung.tar.gz'));
    const cut = path.join(tmp, 'abgeschnitten.tar.gz');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = path.join(tmp, 'fremd.tar.gz');
    fs.writeFileSync(foreign, 'Das ist keine Sicherung.');
    for (const file of [cut, foreign]) {
      const target = path.join(tmp, `ziel-${path.basename(file)}`);
      const res = await cli('restore', [file, '--sha256', sha256(fs.readFileSync(file))], { DATA_DIR: target });
      expect(res.code, file).toBe(1);
      expect(res.stderr, file).toMatch(/^Die Sicherung ist beschädigt oder unvollständig: /);
      expect(res.stderr, file).not.toMatch(/\n\s+at /);
      expect(fs.readdirSync(target), file).toEqual([]);
      // The folder is empty again, so the next try is not refused for it.
      const again = await cli('restore', [file, '--sha256', sha256(fs.readFileSync(file))], { DATA_DIR: target });
      expect(again.stderr).not.toContain('ist nicht leer');
    }
  });
});
