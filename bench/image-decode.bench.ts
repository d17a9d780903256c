// `npm run bench:images`: what 50 large photos arriving at once cost the server. Runs the upload
// check (type by magic bytes, decode, re-encode) on 50 PNGs in parallel, in this process, and
// prints the wall time, the peak resident memory and how many were accepted. Not a test.
// BENCH_ROOT=<checkout> measures another checkout's upload code the same way.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const { checkUpload } = (await import(path.join(root, 'apps/server/src/lib/uploads.ts'))) as {
  checkUpload: (data: Buffer, filename: string, field: string, allowed: readonly string[]) => Promise<unknown>;
};

const PARALLEL = 50;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function run(width: number, height: number) {
  // Blurred noise looks like a photo to the codecs: a JPEG of realistic size, not a few bytes.
  const photo = sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  }).blur(1.5);
  const file = await photo.jpeg({ quality: 80 }).toBuffer();
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const t0 = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: PARALLEL }, (_, i) => checkUpload(file, `foto-${i}.jpg`, 'document', ['image', 'pdf'])),
  );
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const accepted = results.filter((r) => r.status === 'fulfilled').length;
  const reason = results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
  console.log(
    `${width}×${height} JPEG (${((width * height) / 1e6).toFixed(0)} MP, ${(file.length / 1e6).toFixed(1)} MB): ` +
      `${(ms / 1000).toFixed(1)} s, RSS ${mb(before)} → Spitze ${mb(peak)} (+${mb(peak - before)}), ` +
      `${accepted} angenommen${reason ? `, abgelehnt: ${JSON.stringify((reason.reason as { body?: unknown }).body ?? String(reason.reason))}` : ''}`,
  );
}

// Each size in a fresh process: freed memory is not handed back to the system, so a second run in
// the same process would start from the first one's peak.
const [width, height] = (process.argv[2] ?? '').split('x').map(Number);
if (width && height) await run(width, height);
else {
  console.log(`Upload-Prüfung aus ${root}, ${PARALLEL} Fotos gleichzeitig, ${os.cpus().length} Kerne`);
  for (const size of ['4000x3000', '6000x6000', '8000x6000', '9000x6000'])
    spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), size], { stdio: 'inherit' });
}
