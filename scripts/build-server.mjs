// `npm run build:server`: the server compiled ahead of time into one ES module,
// apps/server/dist/server.js, with its source map (issue 34). `npm start` and the Docker image run
// it with `node --enable-source-maps`, so a stack trace names the TypeScript file and line; tsx
// stays for development, the tests and the CLI commands. The packages of node_modules stay
// outside the bundle (native addons, files they read beside themselves); only our own contract
// package, which ships TypeScript, is bundled in.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps', 'server');
export const SERVER_BUNDLE = path.join(server, 'dist', 'server.js');

/** Every package the server or the workspace depends on, except our own TypeScript contract. */
function externals() {
  const names = new Set();
  for (const file of [path.join(root, 'package.json'), path.join(server, 'package.json')]) {
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'])
      for (const name of Object.keys(pkg[field] ?? {})) names.add(name);
  }
  names.delete('@hausportal/contract');
  // Subpaths too ('pg/lib/…', '@aws-sdk/client-s3/…').
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when the bundle is missing or older than the server's or the contract's sources. */
export function serverBuildStale() {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(server, 'src')),
    newestMtime(path.join(server, 'package.json')),
    newestMtime(path.join(root, 'packages', 'contract', 'src')),
  );
  return sources > built;
}

export async function buildServer() {
  await build({
    entryPoints: [path.join(server, 'src', 'server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // Names stay readable in stack traces and in the log.
    minify: false,
    external: externals(),
    // A bundled CommonJS module that calls require() still finds it in an ES module.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  await buildServer();
  console.log(`Server gebaut: ${path.relative(root, SERVER_BUNDLE)} (${Date.now() - t0} ms)`);
}
