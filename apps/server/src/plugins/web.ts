import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_ERRORS } from '@hausportal/contract';
import { ADMIN_SHELL, CRAFTSMAN_SHELL, escapeHtml, renderWebShell } from '../lib/web-shell.js';

/** The back office's client-side routes, which get its own page (ADR 015). */
const ADMIN_PATH = /^\/admin(\/|$|\?)/;
/** The craftsman's page, `/auftrag/{token}` (ADR 020), and anything below /auftrag. */
const CRAFTSMAN_PATH = /^\/auftrag(\/|$|\?)/;
/**
 * The craftsman's address holds the secret of the job: no cache keeps the page, no link on it
 * sends the address on, no search engine lists it.
 */
const CRAFTSMAN_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

/**
 * The built web app: its files, index.html, the back office's page and the manifest with APP_NAME
 * filled in, and the fallback that answers every other GET outside /api/ with the right page
 * (client-side routes): /admin and below with the back office, /auftrag/{token} with the
 * craftsman's page, everything else with the residents' app.
 */
export const webPlugin = fp<{ dist: string; appName: string }>(async (app, opts) => {
  const shell = renderWebShell(opts.dist, opts.appName, app.ctx.config.analytics);
  if (shell.html) {
    await app.register(fastifyStatic, {
      root: opts.dist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz next to each asset (apps/web/scripts/precompress.mjs);
      // the one the client accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      // These carry APP_NAME and are answered below from what renderWebShell made.
      globIgnore: [
        'index.html',
        'manifest.webmanifest',
        ADMIN_SHELL.split(path.sep).join('/'),
        CRAFTSMAN_SHELL.split(path.sep).join('/'),
      ],
      // Vite names everything under /assets by its content hash: cache it for good. The rest
      // (service worker, manifest, icons) must be revalidated so updates reach the phone.
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
      cacheControl: false,
    });
    const html = shell.html;
    // The service worker precaches /index.html as the shell of every route.
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
    );
    if (shell.manifest) {
      const manifest = shell.manifest;
      app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
        reply.header('Cache-Control', 'no-cache').type('application/manifest+json').send(manifest),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ detail: API_ERRORS.notFound });
    }
    // A missing file (an old /assets/…js after a deploy) must be a 404, not the SPA's HTML.
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0]!))
      return reply.code(404).type('text/plain').send('Nicht gefunden.');
    // The craftsman's page, never the residents' app: without its build, the note below.
    if (CRAFTSMAN_PATH.test(request.url)) {
      reply.headers(CRAFTSMAN_HEADERS);
      if (shell.craftsmanHtml) return reply.type('text/html; charset=utf-8').send(shell.craftsmanHtml);
    } else {
      // Every other GET is a client-side route of one of the two apps.
      const page = ADMIN_PATH.test(request.url) ? (shell.adminHtml ?? shell.html) : shell.html;
      if (page) return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="de"><meta charset="utf-8"><title>${escapeHtml(opts.appName)}</title><p>Die Web-App ist noch nicht gebaut. <code>npm run build</code> erzeugt sie.</p></html>`,
      );
  });
});
