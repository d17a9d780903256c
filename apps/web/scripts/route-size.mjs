// Prints the gzip size of the JS a route needs on first load: the entry chunk, the route's
// lazy chunk and everything they import statically. Usage: node scripts/route-size.mjs [chunk name, default index = the entry, which holds /login]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.DIST ?? path.resolve(import.meta.dirname, '../dist');
const assets = path.join(dist, 'assets');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)[1];
const route = process.argv[2] ?? 'index';
const routeChunk = fs.readdirSync(assets).find((f) => f.startsWith(`${route}-`) && f.endsWith('.js'));
if (!routeChunk) throw new Error(`no chunk for ${route}`);

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  // Static imports only; dynamic import() chunks load later, when used.
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
}
visit(entry);
visit(routeChunk);
let total = 0;
for (const file of seen) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(assets, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} kB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} kB  total gzip for ${route}`);
