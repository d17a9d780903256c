// `npm run lint:api`: writes the OpenAPI document the server serves (apps/server/src/cli/openapi.ts)
// and lints it with Redocly's recommended rules (redocly.yaml). Part of `npm run validate`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hausportal-lint-api-'));
const file = path.join(dir, 'openapi.json');
try {
  const dump = spawnSync(bin('tsx'), ['apps/server/src/cli/openapi.ts', file], { cwd: root, stdio: 'inherit' });
  if (dump.status !== 0) process.exit(dump.status ?? 1);
  const lint = spawnSync(bin('redocly'), ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
