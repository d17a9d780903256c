import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every word the resident app shows comes from the catalogues, so each language gets it.
// This reads every component of the resident app (not the back office or the craftsman's page,
// which stay German) and fails on text written into the JSX: element text, and the attributes a
// person sees or hears (aria-label, title, placeholder, alt, label).
const SRC = path.resolve(import.meta.dirname, '..');
const ROOTS = ['app', 'components', 'features', 'entities', 'lib'];
const SPOKEN = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const WORDS = /\p{L}{2,}/u;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** Text a reader would see, written straight into a component: "file:line: text". */
export function inlineTexts(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(
      `${path.relative(SRC, fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`,
    );
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && SPOKEN.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : null;
      if (literal && WORDS.test(literal.text)) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the resident app writes no text into its components', () => {
  it('finds such text when it is there (the check can fail)', () => {
    const sample = `export const A = () => <div><button aria-label="Schließen">x</button><p>Hallo Welt</p><img alt={'Foto'} /></div>;`;
    expect(inlineTexts(path.join(SRC, 'features/x.tsx'), sample)).toEqual([
      'features/x.tsx:1: Schließen',
      'features/x.tsx:1: Hallo Welt',
      'features/x.tsx:1: Foto',
    ]);
  });

  it('has none in any component of the resident app', () => {
    const found = ROOTS.flatMap((root) => files(path.join(SRC, root))).flatMap((file) =>
      inlineTexts(file, fs.readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
