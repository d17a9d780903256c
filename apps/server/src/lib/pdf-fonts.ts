import fs from 'node:fs';
import { createRequire } from 'node:module';

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
