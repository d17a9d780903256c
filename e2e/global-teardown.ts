import fs from 'node:fs';
import { clearHandles, handles } from './global-setup';
import { DIST_REBUILT_NOTICE, distRebuiltDuringRun } from './support/env';

async function stop(pid: number, exited: Promise<unknown>): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig); // the server's own process group (spawned detached)
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timeout = new Promise((r) => setTimeout(() => r('timeout'), 5000));
  if ((await Promise.race([exited, timeout])) === 'timeout') signal('SIGKILL');
}

export default async function globalTeardown(): Promise<void> {
  const h = handles();
  if (!h) return;
  clearHandles();
  if (distRebuiltDuringRun()) console.warn(`\n!! [e2e] ${DIST_REBUILT_NOTICE}\n`);
  await Promise.all(
    h.servers.map(async ({ server, closeSmtp }) => {
      if (server?.pid && server.exitCode === null && server.signalCode === null) {
        await stop(server.pid, new Promise((r) => server.once('exit', r)));
      }
      await closeSmtp?.();
    }),
  );
  fs.rmSync(h.tmpRoot, { recursive: true, force: true });
}
