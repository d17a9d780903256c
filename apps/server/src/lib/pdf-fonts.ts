import fs from 'node:fs';
import { createRequire } from 'node:module';
import { translator, type Translator } from '../i18n/index.js';

// DejaVu covers German and the scripts of residents' names (Latin, Cyrillic, Greek, Arabic with its
// joined forms); pdf-lib's built-in fonts cannot print a 'ş' or an 'ł'. Read once per process; PDFs
// embed only the glyphs used. Right-to-left lines are drawn by lib/pdf-text.ts.

const require = createRequire(import.meta.url);
let files: { regular: Buffer; bold: Buffer; monoBold: Buffer } | null = null;

/** The DejaVu font files the server's PDFs use (ticket receipts, activation letters). */
export function dejaVuFonts() {
  files ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    monoBold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf')),
  };
  return files;
}

/** The translator a resident's PDF (receipt, activation letter) is drawn with: their language. */
export function pdfTranslator(language: string | null | undefined): Translator {
  return translator(language);
}
