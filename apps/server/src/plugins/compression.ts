import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import { Negotiator } from '@fastify/accept-negotiator';

// A feed page is 5–20 kB of JSON; below 1 kB the headers eat the gain.
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html)/;
// The fastest levels: an 8.4 kB feed page becomes 2.2 kB in 65–72 µs; higher levels gain 5–10 %
// of size for twice the CPU on the hot path (ADR 013).
const encoders = {
  br: (data: Buffer) =>
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data: Buffer) => zlib.gzipSync(data, { level: 1 }),
};

/**
 * Compresses the JSON of the API and the app's index.html for clients that accept it (brotli,
 * else gzip), in one synchronous call per response: a stream per response (@fastify/compress)
 * cost 15 % of the feed's throughput in the bench, this about a third of that (ADR 013). Built
 * assets come precompressed from the web build (plugins/web.ts); files from /api/media are
 * photos and PDFs, compressed already, and are streams this hook leaves alone.
 */
export const compressionPlugin = fp(async (app, { enabled }: { enabled: boolean }) => {
  if (!enabled) return;
  // Clients send few distinct Accept-Encoding values; the cache is bounded against those who do not.
  const seen = new Map<string, string>();
  const cache = {
    get: (k: string) => seen.get(k),
    has: (k: string) => seen.has(k),
    set: (k: string, v: string) => {
      if (seen.size >= 100) seen.clear();
      seen.set(k, v);
      return cache;
    },
  };
  const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type) || reply.hasHeader('content-encoding')) return payload;
    // Every response that could be compressed varies by the header, also when it is not.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const accepted = request.headers['accept-encoding'];
    if (data.length < MIN_BYTES || !accepted) return payload;
    const encoding = negotiator.negotiate(accepted) as keyof typeof encoders | null;
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return encoders[encoding](data);
  });
});
