import fs from 'node:fs';
import { createRequire } from 'node:module';
import { RTL_LANGUAGES, type Language } from '@hausportal/contract';
import { translator, type Translator } from '../i18n/index.js';

// DejaVu covers German and the scripts of residents' names (Latin, Cyrillic, Greek); pdf-lib's
// built-in fonts cannot print a 'ş' or an 'ł'. Read once per process; PDFs embed only the glyphs used.

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

/**
 * The translator a resident's PDF (receipt, activation letter) is drawn with: their language,
 * but German for a right-to-left one. pdf-lib draws glyphs left to right as given; Arabic needs
 * joined letter forms and the bidirectional order (with Latin names and numbers inside), which
 * it does not do (no broken Arabic on paper).
 */
export function pdfTranslator(language: string | null | undefined): Translator {
  const tr = translator(language);
  return RTL_LANGUAGES.includes(tr.language as Language) ? translator('de') : tr;
}
