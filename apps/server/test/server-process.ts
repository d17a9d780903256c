import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

// The real server (the compiled bundle, as `npm start` runs it; test/global-setup.ts builds it) as a process tree of its own, for the tests that need
// what app.inject() cannot show: several cluster workers, signals, sockets.

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  /** Everything the primary and its workers wrote (JSON log lines). */
  log(): string;
  /** The pid of the worker that logged the request with this id (its X-Request-Id), from the request log. */
  pidOf(requestId: string): number | undefined;
  /** SIGTERM to the primary, which passes it on; SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** Sends `signal` to the (primary) process, e.g. SIGKILL for a crash, and waits until it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `node --enable-source-maps apps/server/dist/server.js` with `env` on top of a quiet default (no mail, no
 * Redis, no demo data, the request log on), as the image runs it; resolves once `workers`
 * processes listen. The database must be migrated or empty (the primary migrates it).
 */
export async function startServerProcess(env: Record<string, string>, workers = 1): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      MEDIA_STORE: 'local',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: String(workers),
      ...env,
    },
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const lines = (msg: string) => log.split('\n').filter((l) => l.includes(`"msg":"${msg}`));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 60_000;
  while (lines('Server listening at').length < workers) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`Server startet nicht:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    log: () => log,
    pidOf: (requestId) => {
      const line = lines('request completed').find((l) => l.includes(`"reqId":"${requestId}"`));
      return line ? Number(/"pid":(\d+)/.exec(line)?.[1]) : undefined;
    },
    stop,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * One request on a connection of its own (`Connection: close`, no agent), so a cluster hands
 * each to its next worker. `token` is an API token; a JSON reply is parsed, anything else (a file)
 * comes back as text.
 */
export function request(
  port: number,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; body?: { payload: Buffer; headers: Record<string, string> } } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own response shape
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const payload = opts.body?.payload ?? (opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json)));
  const headers: Record<string, string> = {
    connection: 'close',
    ...(opts.token ? { authorization: `Token ${opts.token}` } : {}),
    ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...opts.body?.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON (a file)
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
