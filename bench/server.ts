import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../apps/server/test/server-process.js';

const root = path.resolve(import.meta.dirname, '..');

/**
 * How `npm start` of the checkout at `serverRoot` runs its server: the compiled bundle where the
 * checkout builds one (built here first, as `npm start` would), else its source under tsx (an
 * older commit in `npm run bench:compare`).
 */
export function serverCommand(serverRoot: string): { command: string; args: string[] } {
  const builder = path.join(serverRoot, 'scripts', 'build-server.mjs');
  if (!fs.existsSync(builder))
    return { command: path.join(serverRoot, 'node_modules/.bin/tsx'), args: ['apps/server/src/server.ts'] };
  const res = spawnSync(process.execPath, [builder], { cwd: serverRoot, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`Server-Build in ${serverRoot} fehlgeschlagen`);
  return { command: process.execPath, args: ['--enable-source-maps', 'apps/server/dist/server.js'] };
}

/**
 * Starts the real server in its own process (so the load generator does not share its event
 * loop) on a free loopback port, and resolves once /api/health/ answers.
 */
export async function startServer(
  env: Record<string, string>,
  serverRoot = root,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { command, args } = serverCommand(serverRoot);
  const child = spawn(command, args, {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    // One process unless WEB_CONCURRENCY says otherwise, so figures stay comparable with earlier runs.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
      ...env,
    },
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error('Server beendet sich beim Start');
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('Server startet nicht');
}
