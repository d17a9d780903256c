import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TicketScope } from '@hausportal/contract';
import { german } from '../../i18n/index.js';
import { dejaVuFonts, pdfTranslator } from '../../lib/pdf-fonts.js';
import { drawLine, resolveDirection, type Direction } from '../../lib/pdf-text.js';

// The 'Eingangsbestätigung' of a defect report (§ 536c BGB: the tenant must report a defect
// without delay; the receipt proves when it reached the management and what it said).
// DejaVu Sans covers German and the scripts of residents' names and texts (Latin, Cyrillic, Greek);
// pdf-lib's built-in fonts cannot print a 'ş' or an 'ł'. Only the glyphs used are embedded.
// Written in the reporter's language, Arabic right to left (lib/pdf-text.ts); in another language
// than German its legal sentence also stands in German, as the management and a court read it.

/** What the receipt states: the report as received, and its fingerprint. */
export interface ReceiptContent {
  appName: string;
  /** The reporter's language. */
  language: string | null;
  number: string;
  /** The server's time of receipt (UTC, ISO). */
  receivedAt: string;
  name: string;
  apartment: string;
  location: string;
  category: string;
  scope: TicketScope;
  place: string;
  description: string;
  /** Whether the resident allowed passing their contact details on to the craftsman. */
  consent: boolean;
  /** JPEG thumbnails of the photos sent with the report. */
  photos: Buffer[];
  sha256: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.16, 0.19);
const MUTED = rgb(0.35, 0.4, 0.42);

/** Writes lines top-down over as many pages as the text needs. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    /** The direction of the document's language. */
    private readonly dir: Direction,
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Breaks a paragraph into lines that fit the width, keeping the writer's line breaks. */
  private wrap(text: string, size: number, font: PDFFont, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        // A word longer than the line (a link, a long number) is cut where it must be.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /**
   * A paragraph in the document's direction, or in `dir`: 'ltr' for German beside another
   * language, 'auto' for what a resident wrote (its own direction, as the web shows it).
   */
  text(
    text: string,
    opts: {
      size?: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
      gap?: number;
      dir?: Direction | 'auto';
    } = {},
  ) {
    const size = opts.size ?? 11;
    const font = opts.bold ? this.bold : this.font;
    const width = A4[0] - 2 * MARGIN;
    for (const paragraph of text.split(/\r?\n/)) {
      const dir = resolveDirection(paragraph, opts.dir ?? this.dir, this.dir);
      // German set beside another language stands on the left; everything else where the page's lines do.
      const flushRight = this.dir === 'rtl' && opts.dir !== 'ltr';
      for (const line of this.wrap(paragraph, size, font, width)) {
        this.room(size * 1.4);
        this.y -= size * 1.4;
        drawLine(this.page, line, {
          x: MARGIN,
          y: this.y,
          width,
          size,
          font,
          color: opts.color ?? INK,
          dir,
          flushRight,
        });
      }
    }
    this.y -= opts.gap ?? 4;
  }

  /** A label and its value (as written: its own direction) below it. */
  field(label: string, value: string) {
    this.text(label, { size: 9, color: MUTED, gap: 0 });
    this.text(value || '–', { gap: 8, dir: 'auto' });
  }

  async images(jpegs: Buffer[]) {
    const side = 150;
    const gap = 12;
    let x = MARGIN;
    for (const jpeg of jpegs) {
      const image = await this.pdf.embedJpg(jpeg);
      const scale = Math.min(side / image.width, side / image.height);
      if (x + side > A4[0] - MARGIN) {
        x = MARGIN;
        this.y -= side + gap;
      }
      if (x === MARGIN) this.room(side + gap);
      this.page.drawImage(image, {
        x,
        y: this.y - side,
        width: image.width * scale,
        height: image.height * scale,
      });
      x += side + gap;
    }
    if (jpegs.length) this.y -= side + gap;
  }
}

/** Renders the receipt as a PDF (a few kB plus the thumbnails). */
export async function renderReceipt(c: ReceiptContent): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = dejaVuFonts();
  const font = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const { t, time, language, dir } = pdfTranslator(c.language);
  const inGerman = language === 'de' ? null : german();
  const { number } = c;
  pdf.setTitle(t('receipt.documentTitle', { number }));
  pdf.setAuthor(c.appName);
  pdf.setSubject(t('receipt.documentSubject'));
  pdf.setLanguage(language);
  pdf.setCreationDate(new Date(c.receivedAt));

  const w = new Writer(pdf, font, bold, dir);
  const scope = t(`tickets.scopes.${c.scope}`);
  w.text(c.appName, { size: 10, color: MUTED, gap: 2, dir: 'auto' });
  w.text(t('receipt.heading'), { size: 22, bold: true, gap: 2 });
  w.text(t('receipt.number', { number }), { size: 14, bold: true, gap: 12 });
  w.field(t('receipt.receivedAt'), t('receipt.time', { time: time.dateTime(c.receivedAt) }));
  w.field(t('receipt.reportedBy'), c.name);
  w.field(t('receipt.apartment'), c.apartment);
  w.field(t('receipt.location'), c.location);
  w.field(t('receipt.category'), c.category);
  w.field(t('receipt.place'), c.place ? `${scope}: ${c.place}` : scope);
  w.field(t('receipt.description'), c.description);
  w.field(t('receipt.contact'), t(c.consent ? 'receipt.consentGiven' : 'receipt.consentRefused'));
  if (c.photos.length) {
    w.text(t('receipt.photos', { n: c.photos.length }), { size: 9, color: MUTED, gap: 4 });
    await w.images(c.photos);
  }
  w.field(t('receipt.sha256'), c.sha256);
  w.text(t('receipt.footer'), { size: 8, color: MUTED });
  // The receipt proves a notice of defect (§ 536c BGB): its legal sentence also in German.
  if (inGerman) w.text(inGerman.t('receipt.footer'), { size: 8, color: MUTED, dir: 'ltr' });
  return Buffer.from(await pdf.save());
}
