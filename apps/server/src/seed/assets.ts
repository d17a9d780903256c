import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';

/** A small real PDF with a title and a few lines (demo documents and attachments). */
export async function makePdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 770, size: 20, font: bold, color: rgb(0.1, 0.25, 0.35) });
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 730 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A JPEG picture drawn from SVG: a calm gradient with a label (demo post photo). */
export function makePhoto(label: string, hue: number, width = 1200, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},50%,38%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.78}" cy="${height * 0.28}" r="${height * 0.12}" fill="hsl(50,90%,85%)" opacity="0.85"/>
    <path d="M0 ${height * 0.75} Q ${width * 0.3} ${height * 0.55} ${width * 0.55} ${height * 0.72} T ${width} ${height * 0.65} V ${height} H 0 Z" fill="hsl(${(hue + 120) % 360},35%,30%)" opacity="0.8"/>
    <text x="50%" y="${height * 0.9}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 14)}" fill="#fff" text-anchor="middle">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A square portrait placeholder with initials (demo profile pictures). */
export function makeAvatar(initials: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="hsl(${hue},45%,45%)"/>
    <text x="128" y="160" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

/** A wide logo with the location's name (demo location logos). */
export function makeLogo(name: string, hue: number): Promise<Buffer> {
  // Bold DejaVu runs about 19 px per character at this size; the width follows the name.
  const width = 130 + name.length * 19;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="120">
    <rect width="${width}" height="120" rx="16" fill="#fff"/>
    <path d="M28 92 V52 L60 28 L92 52 V92 Z" fill="hsl(${hue},50%,40%)"/>
    <rect x="52" y="66" width="16" height="26" fill="#fff"/>
    <text x="112" y="74" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="hsl(${hue},45%,25%)">${escapeXml(name)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
