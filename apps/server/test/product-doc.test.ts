import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/product.md describes the product, and code cites its sections as `product §5.3`. The
// original specification and design notes are not in the repository, so a citation of them
// cannot be followed; this suite fails for any such citation left in a tracked file, and for a
// `product §` citation or an in-page link that names a section the page does not have.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PRODUCT = 'docs/product.md';

// Built from parts so that this file does not cite what it forbids.
const OLD_DOCS = ['SP' + 'EC', 'DES' + 'IGN'].join('|');
/** `<old doc> §3`, `<old doc>.md` and `<old doc> §§` in any text. */
const OLD_CITATION = new RegExp(`\\b(?:${OLD_DOCS})(?:\\.md\\b|\\s*§)`);
/** `product §5.3`, also in lists such as `product §2.4, §2.5 and §9.8` or `product §2/§4`. */
const PRODUCT_CITATION = /product §(\d+(?:\.\d+)*)((?:(?:\s*[,/]\s*|\s+and\s+|\s+or\s+)§\d+(?:\.\d+)*)*)/g;

// Files that are not text, or too big to hold a comment anyone reads.
const SKIPPED = /(?:^|\/)package-lock\.json$|\.(?:png|jpe?g|webp|gif|ico|pdf|woff2?|ttf|zip|gz|br)$/i;

/** Every file git tracks, relative to the root, that still exists in the working tree. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out
    .split('\0')
    .filter((file) => file && !SKIPPED.test(file))
    .filter((file) => fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isFile());
}

interface Hit {
  file: string;
  line: number;
  text: string;
}

/** Lines of the tracked text files that match `test`. */
function scan(files: string[], test: (line: string) => boolean): Hit[] {
  const hits: Hit[] = [];
  for (const file of files) {
    const content = fs.readFileSync(path.join(ROOT, file), 'utf8');
    if (content.includes('\0')) continue;
    content.split('\n').forEach((text, i) => {
      if (test(text)) hits.push({ file, line: i + 1, text: text.trim() });
    });
  }
  return hits;
}

const where = (hits: Hit[]) => hits.map((h) => `${h.file}:${h.line}: ${h.text}`);

/** The numbered headings of the product page: `## 5 Rules and limits` gives 5, `### 5.3 Uploads` 5.3. */
function productSections(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,6} (\d+(?:\.\d+)*) \S/gm)].map((m) => m[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The section numbers a line cites as `product §…`. */
function citedSections(line: string): string[] {
  const cited: string[] = [];
  for (const m of line.matchAll(PRODUCT_CITATION)) {
    cited.push(m[1]!);
    for (const more of m[2]!.matchAll(/§(\d+(?:\.\d+)*)/g)) cited.push(more[1]!);
  }
  return cited;
}

describe('docs/product.md and the citations of it', () => {
  const files = trackedFiles();
  const page = fs.readFileSync(path.join(ROOT, PRODUCT), 'utf8');
  const sections = productSections(page);

  it('is tracked and numbers every section once', () => {
    expect(files).toContain(PRODUCT);
    expect(sections.length).toBeGreaterThan(50);
    expect(sections.filter((s, i) => sections.indexOf(s) !== i)).toEqual([]);
  });

  it('numbers the subsections of each chapter under it', () => {
    const chapters = new Set(sections.filter((s) => !s.includes('.')));
    expect(sections.filter((s) => s.includes('.') && !chapters.has(s.split('.')[0]!))).toEqual([]);
  });

  it('leaves no citation of the old specification or design notes in any tracked file', () => {
    expect(where(scan(files, (line) => OLD_CITATION.test(line)))).toEqual([]);
  });

  it('cites only sections that docs/product.md has', () => {
    const known = new Set(sections);
    const broken = scan(files, (line) => citedSections(line).some((s) => !known.has(s)));
    expect(where(broken)).toEqual([]);
  });

  it('links within the page only to headings it has', () => {
    const anchors = new Set([...page.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
    const links = [...page.matchAll(/\]\(#([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((a) => !anchors.has(a))).toEqual([]);
  });

  it('links only to decision records that exist', () => {
    const targets = [...page.matchAll(/\]\((decisions\/[^)#\s]+)/g)].map((m) => m[1]!);
    expect(targets.filter((t) => !fs.existsSync(path.join(ROOT, 'docs', t)))).toEqual([]);
  });
});

describe('the citation patterns', () => {
  it('find an old citation in a comment, and not a word that merely starts alike', () => {
    const old = ['SP' + 'EC', 'DES' + 'IGN'];
    expect(OLD_CITATION.test(`/** ${old[0]} §2: the back button. */`)).toBe(true);
    expect(OLD_CITATION.test(`// ${old[1]}§3`)).toBe(true);
    expect(OLD_CITATION.test(`The resident SPA of ${old[0]}.md.`)).toBe(true);
    expect(OLD_CITATION.test(`const ${old[0]}IAL = 1; // ${old[1]}ER`)).toBe(false);
  });

  it('read every section of a list of citations', () => {
    expect(citedSections('(product §2.4, §2.5 and §9.8; product §4/§5.1)')).toEqual(['2.4', '2.5', '9.8', '4', '5.1']);
    expect(slug("9.11 The sending label 'Anfrage wird gesendet …'")).toBe(
      '911-the-sending-label-anfrage-wird-gesendet-',
    );
    expect(slug('2.6 Home `/`')).toBe('26-home-');
  });
});
