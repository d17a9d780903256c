import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The server's rooms and the directions their imports may take (apps/server/README.md). A room
// is a folder of src/modules, or an entry of src itself (a folder or a file). The lint checks
// cycles file by file; this checks them room by room, where a cycle of two modules through
// different files is just as much a knot.

/** Rooms below the modules: they import nothing above themselves. */
const BASE = ['config', 'db', 'lib', 'i18n'];
/** The senders of mail, pushes and webhooks. */
const OUTBOX = ['outbox'];
/**
 * What every feature builds on: sign-in and policies, the audit log, the notification and webhook
 * machinery, stored files, and the rooms that fan events out and run the DSGVO rights. They import
 * no feature module.
 */
const PLATFORM = [
  'modules/auth',
  'modules/audit',
  'modules/notifications',
  'modules/webhooks',
  'modules/media',
  'events',
  'personal-data',
];
/** What builds the app out of the modules; modules may import it only as types (AppContext). */
const COMPOSITION = ['context', 'registry', 'app', 'admin-routes', 'server', 'plugins', 'seed', 'cli'];

export interface Edge {
  from: string;
  to: string;
  fromRoom: string;
  toRoom: string;
  typeOnly: boolean;
}

/** The room of a file under `src`: 'modules/<name>', or the first segment without its extension. */
export function roomOf(src: string, file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0]!.replace(/\.ts$/, '');
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** Every relative import and re-export of the sources under `src`, with whether it carries types only. */
export function importEdges(src: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(src)) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const add = (spec: string, typeOnly: boolean) => {
      if (!spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
      edges.push({ from: file, to: target, fromRoom: roomOf(src, file), toRoom: roomOf(src, target), typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
        const typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name && !!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, typeOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        add(node.arguments[0].text, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return edges;
}

/** The groups of modules that import each other, directly or around a circle (Tarjan's components). */
function moduleCycles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges)
    if (e.fromRoom !== e.toRoom && e.fromRoom.startsWith('modules/') && e.toRoom.startsWith('modules/')) {
      if (!next.has(e.fromRoom)) next.set(e.fromRoom, new Set());
      next.get(e.fromRoom)!.add(e.toRoom);
    }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return found;
}

const within = (rooms: string[]) => (room: string) => rooms.includes(room);

/**
 * What breaks the direction, in words: a circle of modules, a lower room reaching up, a platform
 * room importing a feature, a module importing the composition for more than its types, a route
 * file importing another module's routes. Empty when the tree keeps to it.
 */
export function directionViolations(src: string): string[] {
  const edges = importEdges(src);
  const rel = (file: string) => path.relative(src, file);
  const out: string[] = [];
  for (const group of moduleCycles(edges)) out.push(`Diese Module importieren einander im Kreis: ${group.join(' ↔ ')}`);
  const allowed: [string, (room: string) => boolean, (room: string) => boolean][] = [
    ['BASE', within(BASE), within(BASE)],
    ['OUTBOX', within(OUTBOX), within([...BASE, ...OUTBOX])],
    ['PLATFORM', within(PLATFORM), within([...BASE, ...OUTBOX, ...PLATFORM])],
  ];
  for (const e of edges) {
    if (e.fromRoom === e.toRoom) continue;
    for (const [layer, isFrom, mayReach] of allowed)
      if (isFrom(e.fromRoom) && !mayReach(e.toRoom) && !(e.typeOnly && COMPOSITION.includes(e.toRoom)))
        out.push(`${rel(e.from)} (${layer}) importiert ${rel(e.to)} aus ${e.toRoom}`);
    if (e.fromRoom.startsWith('modules/') && COMPOSITION.includes(e.toRoom) && !e.typeOnly)
      out.push(
        `${rel(e.from)} importiert ${rel(e.to)} mehr als Typen (die Zusammensetzung importiert die Module, nicht umgekehrt)`,
      );
    if (e.from.endsWith('.routes.ts') && e.to.endsWith('.routes.ts') && e.fromRoom.startsWith('modules/'))
      out.push(`${rel(e.from)} importiert die Routen eines anderen Moduls: ${rel(e.to)}`);
  }
  return out;
}
