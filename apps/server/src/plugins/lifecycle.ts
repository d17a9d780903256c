import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// A graceful stop (ADR 027): on SIGTERM a worker stops accepting connections and lets every open
// one end after its next answer, instead of cutting keep-alive connections a client may be
// sending on. server.ts then closes the app, which hands back the outbox leases.

/** A keep-alive connection that has been quiet this long is closed by the server during a drain. */
const QUIET_MS = 1_000;

export interface Lifecycle {
  /** Set once the process drains: /api/ready/ answers 503 and every answer says Connection: close. */
  draining: boolean;
  /**
   * Stops accepting and waits (up to `timeoutMs`) until every open connection has ended: each is
   * closed after the answer that is in flight or comes next (Connection: close), or, when it stays
   * quiet for QUIET_MS, by the server. Resolves with the connections still open at the deadline.
   */
  drain(timeoutMs: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    const sockets = new Map<net.Socket, { active: number; quietSince: number }>();
    app.server.on('connection', (socket: net.Socket) => {
      sockets.set(socket, { active: 0, quietSince: Date.now() });
      socket.once('close', () => sockets.delete(socket));
    });
    app.server.on('request', (req, res) => {
      const s = sockets.get(req.socket);
      if (!s) return;
      s.active++;
      res.once('close', () => {
        s.active--;
        s.quietSince = Date.now();
      });
    });

    const lifecycle: Lifecycle = {
      draining: false,
      async drain(timeoutMs) {
        lifecycle.draining = true;
        // net.Server's close, not http.Server's: that one also cuts idle keep-alive connections at
        // once, and a request the client is just sending on one would fail.
        if (app.server.listening) net.Server.prototype.close.call(app.server);
        const deadline = Date.now() + timeoutMs;
        while (sockets.size > 0 && Date.now() < deadline) {
          const now = Date.now();
          for (const [socket, s] of sockets) if (s.active === 0 && now - s.quietSince >= QUIET_MS) socket.end();
          await new Promise((r) => setTimeout(r, 25));
        }
        return sockets.size;
      },
    };
    app.decorate('lifecycle', lifecycle);
    app.addHook('onSend', async (_request, reply) => {
      if (lifecycle.draining) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle' },
);
