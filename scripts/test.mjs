// `npm test`: every test. Unit, component and API suites (vitest), then the browser journeys
// (Playwright, when e2e/ has them). Prints one closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
// Named again just above the closing line, so that a CI log cut to its last lines still says
// which test failed.
const failedNames = [];

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/** Wall time per stage, printed at the end (issue 34: the note gives before and after per stage). */
const stages = [];
const timed = (name, fn) => {
  const t0 = Date.now();
  const res = fn();
  stages.push(`${name} ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return res;
};

const vitestOut = path.join(root, '.vitest-results.json');
fs.rmSync(vitestOut, { force: true });
const vitestCode = timed('vitest', () =>
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestOut}`]),
);
if (fs.existsSync(vitestOut)) {
  const r = JSON.parse(fs.readFileSync(vitestOut, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      if (t.status === 'failed') failedNames.push(`${path.relative(root, file.name)} › ${t.fullName}`);
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failedNames.push(`${path.relative(root, file.name)}: ${String(file.message).split('\n')[0]}`);
    }
  }
  // A suite that fails to load has no failed tests but must still fail the run.
  if (vitestCode !== 0 && r.numFailedTests === 0) {
    failed += Math.max(1, r.numFailedTestSuites);
  }
} else if (vitestCode !== 0) {
  broken = true;
}

const e2eConfig = path.join(root, 'e2e', 'playwright.config.ts');
if (fs.existsSync(e2eConfig) && !process.argv.includes('--no-e2e')) {
  const e2eOut = path.join(root, 'test-results', 'e2e-results.json');
  fs.rmSync(e2eOut, { force: true });
  const code = timed('e2e', () =>
    run(bin('playwright'), ['test', '-c', e2eConfig], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut }),
  );
  if (fs.existsSync(e2eOut)) {
    const report = JSON.parse(fs.readFileSync(e2eOut, 'utf8'));
    const s = report.stats;
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) if (!spec.ok) failedNames.push(`e2e/${spec.file} › ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
    skipped += s.skipped;
    if (code !== 0 && s.unexpected === 0) failed += 1;
  } else if (code !== 0) {
    broken = true;
  }
}

if (broken) failed += 1;
if (failedNames.length > 0) {
  console.log(`\nFailed:\n${failedNames.map((n) => `  ✘ ${n}`).join('\n')}`);
}
console.log(`\nDauer: ${stages.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
