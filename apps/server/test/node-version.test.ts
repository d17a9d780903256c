import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// The machine's own Node.js, which a newcomer would have before installing version 24.
const older = ['/usr/bin/node', '/usr/local/bin/node'].find((bin) => {
  if (!fs.existsSync(bin)) return false;
  const major = Number(spawnSync(bin, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout);
  return major > 0 && major < 24;
});

describe.skipIf(!older)('an older Node.js', () => {
  const SENTENCE = /^Hausportal braucht Node\.js 24 \(gefunden: v\d+\.[\d.]+\); bitte Node\.js 24 installieren/m;
  const ENGLISH = /^Hausportal needs Node\.js 24 \(found v\d+\.[\d.]+\); please install Node\.js 24/m;

  it('gets one clear sentence from `npm start`, in German and English, instead of a crash', () => {
    const res = spawnSync(older!, ['scripts/start.mjs'], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(SENTENCE);
    expect(res.stderr).toMatch(ENGLISH);
  });

  it('gets the same sentence before `npm ci` installs anything (the preinstall script)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.preinstall).toBe('node scripts/check-node.mjs');
    const res = spawnSync(older!, ['scripts/check-node.mjs'], { cwd: root, encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(SENTENCE);
  });
});
