// `npm run bench:compression` (issue 34): what compressing a JSON body costs and saves, by size,
// with the settings of plugins/compression.ts (brotli quality 1, gzip level 1), on real feed JSON.
// Prints µs per body and bytes saved; the threshold below which the server sends a body as it is
// (MIN_BYTES) is where the bytes saved no longer shorten the transfer: a body that fits in one
// TCP segment (about 1,400 bytes) travels in one packet either way.
import zlib from 'node:zlib';

const post = (i: number) =>
  JSON.stringify({
    id: 190000 + i,
    text: `Beitrag ${i}: ${'Lorem ipsum dolor sit amet. '.repeat(1 + (i % 8))}`,
    created_at: '2026-12-07T10:15:00.000Z',
    user_name: `Bewohner ${i}`,
    user_image: null,
    documents: [],
    like_count: i % 7,
    comment_count: i % 3,
    status: 'approved',
    self_liked: false,
    self_commented: false,
    rejection_reason: null,
  });
const page = (n: number) =>
  `{"count":10000,"next":"/api/messages/?page=2","previous":null,"results":[${Array.from({ length: n }, (_, i) => post(i)).join(',')}]}`;
const bodies = [0, 1, 2, 3, 5, 10].map((n) => Buffer.from(n ? page(n) : '{"detail":"Nicht gefunden."}'));
const RUNS = 5000;
const time = (fn: () => Buffer) => {
  let out = fn();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) out = fn();
  return { us: Number(process.hrtime.bigint() - t0) / 1000 / RUNS, bytes: out.length };
};
console.log('| Bytes | brotli-1 µs | brotli-1 Bytes | gzip-1 µs | gzip-1 Bytes |');
console.log('|---:|---:|---:|---:|---:|');
for (const body of bodies) {
  const br = time(() =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  const gz = time(() => zlib.gzipSync(body, { level: 1 }));
  console.log(`| ${body.length} | ${br.us.toFixed(1)} | ${br.bytes} | ${gz.us.toFixed(1)} | ${gz.bytes} |`);
}
