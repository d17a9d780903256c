// `npm start`: builds the web app if it is missing and the server if its bundle is missing or
// older than its sources, then runs the compiled server (issue 34: compiled JavaScript serves
// 5–10 % more than tsx), which migrates the database and seeds the demo data on first start.
// Source maps make stack traces name the TypeScript files. `npm run dev:server` runs the source
// with tsx instead.
import './check-node.mjs';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_BUNDLE, buildServer, serverBuildStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Baue die Web-App (einmalig) …');
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
if (serverBuildStale()) {
  console.log('Baue den Server …');
  await buildServer();
}
// node itself, not a wrapper: the primary is the process that receives SIGHUP (rolling restart).
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
