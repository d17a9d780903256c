import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, with the verdict of the standardwebhooks package's own verifier. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  contentType: string | undefined;
  body: string;
  /** The parsed payload if `Webhook.verify` accepted it with the receiver's secret; null if it refused. */
  verified: unknown;
}

/** What the receiver answers; tests change it between deliveries. */
export type Answer =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Never answers (a slow receiver). */
  | { hang: true }
  /** Sends a status and then `bytes` of body. */
  | { status: number; bytes: number };

/**
 * A webhook receiver on 127.0.0.1 (allowed through WEBHOOK_ENDPOINT_ALLOWLIST): it records every
 * request and checks its signature with `new Webhook(secret).verify`, the package's verifier, not ours.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let secret: string | null = null;
  let answer: Answer = { status: 204 };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const h = (name: string) => String(req.headers[name] ?? '');
      let verified: unknown = null;
      try {
        verified = secret
          ? new Webhook(secret).verify(body, {
              'webhook-id': h('webhook-id'),
              'webhook-timestamp': h('webhook-timestamp'),
              'webhook-signature': h('webhook-signature'),
            })
          : null;
      } catch {
        verified = null;
      }
      received.push({
        id: h('webhook-id'),
        timestamp: h('webhook-timestamp'),
        signature: h('webhook-signature'),
        contentType: req.headers['content-type'],
        body,
        verified,
      });
      const a = answer;
      if ('hang' in a) {
        hanging.add(res);
        return;
      }
      if ('bytes' in a) {
        res.writeHead(a.status, { 'content-type': 'text/plain' });
        const block = Buffer.alloc(64 * 1024, 'x');
        let left = a.bytes;
        const pump = () => {
          while (left > 0) {
            const n = Math.min(left, block.length);
            left -= n;
            if (!res.write(block.subarray(0, n))) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    setSecret(s: string) {
      secret = s;
    },
    answer(a: Answer) {
      answer = a;
    },
    /** Stops listening: connections are refused until restart(). */
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
