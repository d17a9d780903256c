// Renders the app icons in every size the manifest and the platforms ask for, from the
// house mark of public/logo-mark.svg. Run once after changing the mark: `node scripts/icons.mjs`;
// the PNGs are committed, so builds and CI need no image tools.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/app-icons');
fs.mkdirSync(out, { recursive: true });

const house = (stroke) =>
  `<path d="M12 40V25l12-9 12 9v15z" fill="none" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M20 40v-8h8v8" fill="none" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"/>`;
// The house sits in a 48-unit box; `pad` is the room around it (maskable icons keep a safe zone).
const svg = ({ bg, stroke, pad, radius }) => {
  const size = 48 + 2 * pad;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad + 4} ${size} ${size}" width="512" height="512">` +
      (bg ? `<rect x="${-pad}" y="${-pad + 4}" width="${size}" height="${size}" rx="${radius}" fill="${bg}"/>` : '') +
      house(stroke) +
      '</svg>',
  );
};

const any = svg({ bg: '#1d5c6f', stroke: '#fff', pad: 2, radius: 10 });
// Maskable: full bleed, the mark within the inner 80 % circle.
const maskable = svg({ bg: '#1d5c6f', stroke: '#fff', pad: 14, radius: 0 });
// Android's status-bar badge: white on transparent, the system tints it.
const badge = svg({ bg: null, stroke: '#fff', pad: 0, radius: 0 });

const jobs = [
  ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((s) => [any, s, `icon-${s}.png`]),
  [maskable, 192, 'maskable-192.png'],
  [maskable, 512, 'maskable-512.png'],
  // iOS draws its own rounded corners and shows black behind transparency: full bleed.
  [svg({ bg: '#1d5c6f', stroke: '#fff', pad: 6, radius: 0 }), 180, 'apple-touch-icon.png'],
  [badge, 96, 'badge-96.png'],
];
for (const [source, size, name] of jobs) {
  await sharp(source, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, name));
}
console.log(`${jobs.length} Icons in ${path.relative(process.cwd(), out)}`);
