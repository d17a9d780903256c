// Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text asset
// in dist/, so the server sends them as they are (@fastify/static preCompressed) instead of
// compressing on every request. index.html and the manifest are left out: the server fills in
// APP_NAME at start and compresses those itself.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|map)$/;
const SKIP = new Set(['index.html', 'manifest.webmanifest', path.join('admin', 'admin.html')]);
// Below this, the headers of a compressed response cost more than they save.
const MIN_BYTES = 512;

let files = 0;
let before = 0;
let afterBr = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      walk(file);
      continue;
    }
    if (!TEXT.test(entry.name) || SKIP.has(path.relative(dist, file))) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    files++;
    before += data.length;
    afterBr += br.length;
  }
}
walk(dist);
console.log(
  `precompress: ${files} Dateien, ${(before / 1024).toFixed(0)} kB → ${(afterBr / 1024).toFixed(0)} kB brotli`,
);
