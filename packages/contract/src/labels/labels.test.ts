import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '@hausportal/contract';
import * as labels from '@hausportal/contract/labels';

const here = import.meta.dirname;

/** The modules an import of `file` loads at run time (type-only imports are dropped by the compilers). */
function moduleGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specifiers: string[] = [];
  seen.set(file, specifiers);
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  for (const statement of source.statements) {
    const loads =
      (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && !statement.isTypeOnly);
    if (!loads || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    specifiers.push(specifier);
    if (specifier.startsWith('.'))
      moduleGraph(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('@hausportal/contract/labels', () => {
  it('loads no zod and no schema module: only the files of labels/, which import no package', () => {
    const graph = moduleGraph(path.join(here, 'index.ts'));
    const files = [...graph.keys()].map((file) => path.relative(here, file)).sort();
    // Every module it reaches sits in labels/ (none climbs to a schema module)…
    expect(files.filter((file) => file.includes(path.sep) || file.startsWith('..'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['constants.ts', 'de.ts', 'ar.ts', 'index.ts', 'translations.ts']));
    const packages = [...graph.values()].flat().filter((specifier) => !specifier.startsWith('.'));
    expect(packages).toEqual([]);
  });

  it('sees what it tests: a schema module of the contract reaches zod', () => {
    const graph = moduleGraph(path.join(here, '..', 'tickets.ts'));
    expect([...graph.values()].flat()).toContain('zod');
  });

  it('is what the main entry exports, not a copy of it', () => {
    for (const [name, value] of Object.entries(labels))
      expect((contract as Record<string, unknown>)[name], name).toBe(value);
  });
});
