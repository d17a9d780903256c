import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

// What the residents' build (vite.config.ts) and the back office's (vite.admin.config.ts, ADR 015)
// have in common. They stay two builds; only their settings and the head of their pages are one.

/**
 * The contract's schemas are built with zod at module level, which a bundler must assume has side
 * effects. The web app only uses its constants and types, so tell the bundler those modules are
 * pure; otherwise all of zod lands in the login bundle.
 */
export const pureModules = /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

export const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const INCLUDE = /^( *)<!-- include (\S+) -->$/gm;

/**
 * index.html and admin.html share the start and the end of their head (the metas with %APP_NAME%,
 * the title and the boot screen's inline style) from src/page-head/: a line `<!-- include FILE -->`
 * becomes the file, indented as the line is, before Vite reads the page, so each build's page
 * comes out as if written by hand. The files sit in src/ because the e2e setup rebuilds when src/
 * or index.html is newer than dist. The built pages keep %APP_NAME% for the server to fill in; the
 * dev server has none, so it writes in 'Hausportal'.
 */
export function pageShell(): Plugin[] {
  return [
    {
      name: 'hausportal-page-include',
      transformIndexHtml: {
        order: 'pre',
        handler: (html: string) =>
          html.replace(INCLUDE, (_line, indent: string, file: string) =>
            fs
              .readFileSync(path.join(webRoot, file), 'utf8')
              .trimEnd()
              .split('\n')
              .map((line) => (line ? indent + line : line))
              .join('\n'),
          ),
      },
    },
    {
      name: 'hausportal-dev-app-name',
      apply: 'serve',
      transformIndexHtml: (html: string) => html.replaceAll('%APP_NAME%', 'Hausportal'),
    },
  ];
}
