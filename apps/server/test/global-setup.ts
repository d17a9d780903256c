import { spawnSync } from 'node:child_process';
import path from 'node:path';

// Once before the server suites: the compiled server (scripts/build-server.mjs), which the tests
// that need a real process tree start as `npm start` and the image run it (test/server-process.ts,
// shutdown.test.ts). Half a second; a process then starts without compiling TypeScript.
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`Server-Build fehlgeschlagen:\n${res.stdout}${res.stderr}`);
}
