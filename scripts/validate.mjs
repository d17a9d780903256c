// `npm run validate`: everything CI checks, in one command. Typecheck, lint, the OpenAPI lint and
// the format check run beside the tests (issue 34: CI in 15 minutes on two cores): the unit suites
// leave a core idle while they wait on PostgreSQL, SMTP and child processes, and the checks take it.
// Each check's output is printed when it ends, so the logs do not interleave; each failure counts as
// one failed test. The last line is "N passed, N failed", as CI expects.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);

function check(name) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    // Below the tests' priority: a check may wait, a journey's timeout may not.
    const child = spawn('nice', ['-n', '5', 'npm', 'run', '-s', name], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => {
      console.log(`\n== npm run ${name}: ${code === 0 ? 'ok' : 'FEHLER'} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      if (code !== 0 || out.trim()) process.stdout.write(out.endsWith('\n') || !out ? out : `${out}\n`);
      resolve(code === 0 ? null : name);
    });
  });
}

// One check after the other beside the tests: each takes about one core.
const checks = (async () => {
  const failed = [];
  for (const name of ['typecheck', 'lint', 'lint:api', 'format:check']) {
    const res = await check(name);
    if (res) failed.push(res);
  }
  return failed;
})();

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
test.on('exit', async (code) => {
  const failedChecks = await checks;
  const [, passed = '0', failed = '1'] = /^(\d+) passed, (\d+) failed/.exec(last) ?? [];
  console.log(`\nvalidate: ${seconds()} s`);
  if (failedChecks.length) {
    console.log(`\nfehlgeschlagen: ${failedChecks.join(', ')}`);
    console.log(`${passed} passed, ${Number(failed) + failedChecks.length} failed`);
    process.exit(1);
  }
  // The closing line once more, last, since a check may have printed after the tests.
  if (last) console.log(last);
  process.exit(code ?? 1);
});
