// `npm run validate`: everything CI checks, in one command. Typecheck, lint, the OpenAPI lint and the format check
// run first (each failure counts as one failed test), then every test (scripts/test.mjs). The
// last line is "N passed, N failed", as CI expects.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const checks = ['typecheck', 'lint', 'lint:api', 'format:check'];
const failedChecks = [];
for (const check of checks) {
  console.log(`\n== npm run ${check}`);
  const res = spawnSync('npm', ['run', '-s', check], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) failedChecks.push(check);
}

console.log('\n== npm test');
const test = spawn(process.execPath, [path.join(root, 'scripts/test.mjs')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
});
let last = '';
test.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const match = chunk.toString().match(/^(\d+) passed, (\d+) failed.*$/m);
  if (match) last = match[0];
});
test.on('exit', (code) => {
  const [, passed = '0', failed = '1'] = /^(\d+) passed, (\d+) failed/.exec(last) ?? [];
  if (failedChecks.length) {
    console.log(`\nfehlgeschlagen: ${failedChecks.join(', ')}`);
    console.log(`${passed} passed, ${Number(failed) + failedChecks.length} failed`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
