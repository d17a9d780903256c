// `npm start`: builds the web app if it is missing, then starts the server, which migrates the
// database and seeds the demo data on first start.
import './check-node.mjs';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Baue die Web-App (einmalig) …');
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
