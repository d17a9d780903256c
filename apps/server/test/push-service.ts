import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  /** Which subscription it was sent to (the endpoint's last path segment). */
  name: string;
  /** The decrypted payload: title, body, url, tag. */
  payload: { title: string; body: string; url: string; tag: string };
  headers: http.IncomingHttpHeaders;
}

/**
 * A push service on 127.0.0.1, as a browser's would be: it holds the subscriptions' private keys,
 * decrypts every aes128gcm payload with them (RFC 8291) and answers 201, or what a test sets.
 */
export async function startPushService() {
  const keys = new Map<string, { ecdh: ECDH; auth: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').split('/').pop() ?? '';
      const status = answers.get(name) ?? 201;
      const key = keys.get(name);
      if (status === 201 && key) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: key.ecdh,
          authSecret: key.auth,
        });
        received.push({ name, payload: JSON.parse(plain.toString('utf8')), headers: req.headers });
        for (const w of waiters.splice(0)) w();
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new subscription as the browser would hand it to the app (PushSubscription JSON). */
    subscription(name: string): string {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      keys.set(name, { ecdh, auth });
      return JSON.stringify({
        endpoint: `${origin}/push/${name}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      });
    },
    /** Makes the service answer `status` for this subscription from now on (e.g. 410 Gone). */
    answer(name: string, status: number) {
      answers.set(name, status);
    },
    for: (name: string) => received.filter((r) => r.name === name),
    /** Resolves once `n` pushes have arrived in all, or rejects after `ms`. */
    async waitFor(n: number, ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`${received.length} statt ${n} Pushes angekommen`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
