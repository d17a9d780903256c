import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatActivationCode } from '@hausportal/contract';
import { dejaVuFonts, pdfTranslator } from '../../lib/pdf-fonts.js';
import { drawLine, lineWidth as measureLine, resolveDirection, type Direction } from '../../lib/pdf-text.js';

// The activation letter: one A4 page per resident, for the building's mailboxes, with
// a one-time code and a QR code that opens /aktivieren/{code}. Drawn in memory and sent at once;
// the letter holds a working secret, so it is never stored on the server. Each letter is written in
// its resident's language, Arabic right to left (lib/pdf-text.ts).

/** What one letter says. */
export interface Letter {
  name: string;
  apartmentNumber: string;
  locationTitle: string;
  /** The building's postal address ('Parkstraße 5, 10115 Berlin'), '' when none is set. */
  locationAddress: string;
  /** The location's phone and e-mail for questions, '' when it has none. */
  locationPhone: string;
  locationEmail: string;
  /** The resident's language. */
  language: string | null;
  /** The code as generated (12 characters, without dashes). */
  code: string;
  /** When the code stops working (UTC, ISO). */
  expiresAt: string;
}

export interface LetterBatch {
  appName: string;
  publicUrl: string;
  letters: Letter[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 62;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.16, 0.19);
const MUTED = rgb(0.35, 0.4, 0.42);
const RULE = rgb(0.75, 0.78, 0.8);

/** The address the QR code and the steps name. */
export const activationUrl = (publicUrl: string, code?: string) =>
  `${publicUrl.replace(/\/+$/, '')}/aktivieren${code ? `/${formatActivationCode(code)}` : ''}`;

/**
 * The QR code as one SVG path of dark squares (a unit per module, runs of a row joined), so it
 * prints sharp at any size and costs a few hundred bytes instead of an image.
 */
function qrPath(text: string): { path: string; size: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size } = qr.modules;
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.modules.get(row, col)) col++;
      path += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  return { path, size };
}

/**
 * Breaks text into lines that fit `width`. A line's width is the sum of its words' widths and the
 * spaces between; each word is measured once per font and size (fontkit's shaping is what takes
 * the time in a batch of hundreds of letters, whose texts repeat).
 */
function wrap(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  widths: Map<string, number>,
  dir: Direction,
): string[] {
  const measure = (word: string) => {
    const key = `${font.name}|${size}|${word}`;
    let w = widths.get(key);
    if (w === undefined) widths.set(key, (w = measureLine(word, dir, font, size)));
    return w;
  };
  const space = measure(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/)) {
    const w = measure(word);
    if (line && lineWidth + space + w > width) {
      lines.push(line);
      line = word;
      lineWidth = w;
    } else {
      lineWidth = line ? lineWidth + space + w : w;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws top-down on one page. */
class Page {
  y = A4[1] - MARGIN;

  constructor(
    readonly page: PDFPage,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
    private readonly widths: Map<string, number>,
    /** The direction of the letter's language. */
    readonly dir: Direction,
  ) {}

  /** A paragraph in the box from `x` (default the margin) `width` wide, set flush to its start. */
  text(
    text: string,
    o: {
      size?: number;
      font?: 'regular' | 'bold' | 'mono';
      color?: typeof INK;
      gap?: number;
      x?: number;
      width?: number;
      /** 'auto' for names and addresses as written: their own direction. */
      dir?: Direction | 'auto';
    } = {},
  ) {
    const size = o.size ?? 11;
    const font = this.fonts[o.font ?? 'regular'];
    const x = o.x ?? MARGIN;
    const width = o.width ?? WIDTH - (x - MARGIN);
    const dir = resolveDirection(text, o.dir ?? this.dir, this.dir);
    const flushRight = this.dir === 'rtl';
    for (const line of wrap(text, font, size, width, this.widths, dir)) {
      this.y -= size * 1.35;
      drawLine(this.page, line, { x, y: this.y, width, size, font, color: o.color ?? INK, dir, flushRight });
    }
    this.y -= o.gap ?? 4;
  }

  rule(gap = 14) {
    this.y -= gap / 2;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= gap / 2;
  }
}

function drawLetter(p: Page, l: Letter, batch: LetterBatch) {
  const { appName, publicUrl } = batch;
  const { t, time } = pdfTranslator(l.language);
  const rtl = p.dir === 'rtl';
  const code = formatActivationCode(l.code);
  const valid = time.date(l.expiresAt);
  const apartment = l.apartmentNumber;

  // The sender, then the addressee where a folded letter shows it.
  p.text(l.locationTitle, { size: 10, font: 'bold', color: MUTED, gap: 0, dir: 'auto' });
  if (l.locationPhone) p.text(t('letter.phone', { phone: l.locationPhone }), { size: 9, color: MUTED, gap: 0 });
  if (l.locationEmail) p.text(t('letter.email', { email: l.locationEmail }), { size: 9, color: MUTED, gap: 0 });
  p.y -= 28;
  p.text(l.name, { size: 13, font: 'bold', gap: 0, dir: 'auto' });
  p.text(t('letter.apartment', { apartment }), { size: 13, gap: 0 });
  p.text(l.locationTitle, { size: 11, gap: l.locationAddress ? 0 : 36, dir: 'auto' });
  if (l.locationAddress) p.text(l.locationAddress, { size: 11, gap: 36, dir: 'auto' });

  p.text(t('letter.heading', { app: appName }), { size: 20, font: 'bold', gap: 10 });
  p.text(t('mail.greeting', { name: l.name }), { gap: 6 });
  p.text(t('letter.intro', { app: appName }), { gap: 14 });

  // The code and the QR code side by side (the QR code at the line's end: left in right to left).
  const qrSide = 132;
  const top = p.y;
  const beside = { width: WIDTH - qrSide - 24, x: rtl ? MARGIN + qrSide + 24 : MARGIN };
  p.text(t('letter.username'), { size: 9, color: MUTED, gap: 0, ...beside });
  p.text(apartment, { size: 16, font: 'bold', gap: 12, ...beside, dir: 'ltr' });
  p.text(t('letter.code'), { size: 9, color: MUTED, gap: 2, ...beside });
  p.text(code, { size: 26, font: 'mono', gap: 8, ...beside, dir: rtl ? 'rtl' : 'ltr' });
  p.text(t('letter.validUntil', { date: valid }), { size: 11, font: 'bold', gap: 0, ...beside });
  const { path, size } = qrPath(activationUrl(publicUrl, l.code));
  // Four modules of quiet zone around the code, as scanners expect.
  const scale = qrSide / (size + 8);
  const qrX = rtl ? MARGIN : A4[0] - MARGIN - qrSide;
  p.page.drawSvgPath(path, {
    x: qrX + 4 * scale,
    y: top - 4 * scale,
    scale,
    color: rgb(0, 0, 0),
    borderWidth: 0,
  });
  p.y = Math.min(p.y, top - qrSide) - 6;
  p.text(t('letter.scan'), {
    size: 8,
    color: MUTED,
    x: qrX + 8,
    width: qrSide - 8,
    gap: 10,
  });

  p.rule();
  p.text(t('letter.howTo'), { size: 13, font: 'bold', gap: 6 });
  const steps = [
    t('letter.step1', { url: activationUrl(publicUrl) }),
    t('letter.step2'),
    t('letter.step3'),
    t('letter.step4', { apartment }),
  ];
  // The number at the line's start: on the right in right to left.
  steps.forEach((step, i) => {
    const before = p.y;
    p.text(`${i + 1}.`, { font: 'bold', gap: 0, ...(rtl ? { x: A4[0] - MARGIN - 14, width: 14 } : {}) });
    p.y = before;
    p.text(step, { x: rtl ? MARGIN : MARGIN + 18, width: WIDTH - 18, gap: 6 });
  });
  p.rule(18);
  p.text(t('letter.footer', { date: valid }), { size: 9, color: MUTED });
}

/**
 * Remembers how a font encodes each text: most lines repeat on every letter, and pdf-lib shapes
 * the text again for each drawText. The same text always takes the same glyphs, so the subset
 * the font embeds is unchanged.
 */
function encodingOnce(font: PDFFont): PDFFont {
  const encode = font.encodeText.bind(font);
  const memo = new Map<string, ReturnType<PDFFont['encodeText']>>();
  font.encodeText = (text: string) => {
    let encoded = memo.get(text);
    if (!encoded) memo.set(text, (encoded = encode(text)));
    return encoded;
  };
  return font;
}

/** Renders the letters, one A4 page each, into one PDF. */
export async function renderActivationLetters(batch: LetterBatch): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = dejaVuFonts();
  const fonts = {
    regular: encodingOnce(await pdf.embedFont(files.regular, { subset: true })),
    bold: encodingOnce(await pdf.embedFont(files.bold, { subset: true })),
    mono: encodingOnce(await pdf.embedFont(files.monoBold, { subset: true })),
  };
  pdf.setTitle(batch.letters.length === 1 ? 'Aktivierungsbrief' : `Aktivierungsbriefe (${batch.letters.length})`);
  pdf.setAuthor(batch.appName);
  const widths = new Map<string, number>();
  for (const letter of batch.letters) {
    const { dir } = pdfTranslator(letter.language);
    drawLetter(new Page(pdf.addPage(A4), fonts, widths, dir), letter, batch);
  }
  return Buffer.from(await pdf.save());
}
