import bidiFactory from 'bidi-js';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';

// Right-to-left lines for pdf-lib. pdf-lib draws the glyphs fontkit returns from left to right;
// fontkit joins Arabic letters (DejaVu Sans has their forms) but reverses a whole run, Latin names
// and numbers inside it too. So a line is cut into its bidi runs first (bidi-js, the Unicode
// algorithm): each run is drawn on its own, the runs in visual order, and an Arabic run is handed
// to fontkit in logical order, which shapes and reverses it. pdf-lib ignores mark positions, so
// the Arabic vowel signs (harakat, optional in print) are left out rather than drawn misplaced.

const bidi = bidiFactory();

/** Arabic letters, which fontkit shapes and lays out right to left. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Harakat and other combining marks of Arabic that would be drawn beside their letter. */
const HARAKAT = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g;
/** Bidi controls: they steer the order and have no glyph (DejaVu would draw a box). */
const CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export type Direction = 'ltr' | 'rtl';

/** A piece of a line drawn on its own: its text as fontkit gets it, and its width. */
interface Run {
  text: string;
  width: number;
}

/** `text` as a PDF can draw it: without harakat. */
export const printable = (text: string): string => text.replace(HARAKAT, '');

/** The runs of one line in visual order, left to right, for a paragraph of direction `dir`. */
function visualRuns(line: string, dir: Direction, font: PDFFont, size: number): Run[] {
  const text = printable(line);
  if (dir === 'ltr' && !ARABIC.test(text)) return [{ text, width: font.widthOfTextAtSize(text, size) }];
  const embedding = bidi.getEmbeddingLevels(text, dir);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const chars = [...text].length === text.length ? text.split('') : null;
  if (!chars) return [{ text, width: font.widthOfTextAtSize(text, size) }];
  const order = chars.map((_, i) => i);
  for (const [start = 0, end = start] of bidi.getReorderSegments(text, embedding)) {
    const flipped = order.slice(start, end + 1).reverse();
    order.splice(start, flipped.length, ...flipped);
  }
  // Consecutive characters of one level form a run; an odd level is right to left.
  const runs: Run[] = [];
  let current: { level: number; chars: string[] } | null = null;
  const close = () => {
    if (!current || current.chars.length === 0) return;
    const rtl = current.level % 2 === 1;
    const visual = current.chars.join('');
    // fontkit reverses a run with Arabic letters itself; give it the logical order.
    const forFontkit = rtl && ARABIC.test(visual) ? [...current.chars].reverse().join('') : visual;
    runs.push({ text: forFontkit, width: font.widthOfTextAtSize(forFontkit, size) });
  };
  for (const i of order) {
    const ch = chars[i]!;
    if (CONTROL.test(ch)) continue;
    const level = embedding.levels[i]!;
    if (!current || current.level !== level) {
      close();
      current = { level, chars: [] };
    }
    current.chars.push(mirrored.get(i) ?? ch);
  }
  close();
  return runs;
}

/**
 * A paragraph's direction: its own for 'auto' (from its first letter, as the web's dir="auto"),
 * `fallback` when it has no letter (a date, a number).
 */
export function resolveDirection(text: string, dir: Direction | 'auto', fallback: Direction = 'ltr'): Direction {
  if (dir !== 'auto') return dir;
  const strong = /[\p{L}]/u.exec(text.replace(CONTROL, ''));
  if (!strong) return fallback;
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(strong[0]) ? 'rtl' : 'ltr';
}

/** The width of a line as drawn. */
export function lineWidth(line: string, dir: Direction, font: PDFFont, size: number): number {
  return visualRuns(line, dir, font, size).reduce((sum, r) => sum + r.width, 0);
}

/**
 * Draws one line of a paragraph of direction `dir`, flush left from `x` or, with `flushRight` (a
 * right-to-left page), flush right ending at `x + width`: a German name on an Arabic page keeps
 * its own order and stands where the Arabic lines do, as <bdi> does on the web.
 */
export function drawLine(
  page: PDFPage,
  line: string,
  o: {
    x: number;
    y: number;
    width: number;
    size: number;
    font: PDFFont;
    color: RGB;
    dir: Direction;
    flushRight: boolean;
  },
): void {
  const runs = visualRuns(line, o.dir, o.font, o.size);
  const total = runs.reduce((sum, r) => sum + r.width, 0);
  let x = o.flushRight ? o.x + o.width - total : o.x;
  for (const run of runs) {
    if (run.text) page.drawText(run.text, { x, y: o.y, size: o.size, font: o.font, color: o.color });
    x += run.width;
  }
}
