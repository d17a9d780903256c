import fs from 'node:fs';
import path from 'node:path';

/** The marker Vite leaves in index.html for the product name (apps/web/index.html). */
const APP_NAME_MARKER = /%APP_NAME%/g;

/** Text safe inside HTML text and attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where the back office's own build puts its page (apps/web/vite.admin.config.ts, ADR 015). */
export const ADMIN_SHELL = path.join('admin', 'admin.html');
/** Where the craftsman's page has its own build (apps/web/vite.auftrag.config.ts, ADR 020). */
export const CRAFTSMAN_SHELL = path.join('auftrag', 'auftrag.html');

/** The meta tag the web apps read their analytics settings from (apps/web/src/lib/analytics). */
export const ANALYTICS_META = 'hausportal-analytics';

/** Where page views go, as the shells tell the apps; absent when ANALYTICS_* is off. */
export interface ShellAnalytics {
  provider: 'plausible' | 'matomo';
  url: string;
  siteId: string;
}

/** `<meta name="hausportal-analytics" content="{…}">`, or nothing while analytics is off. */
export function analyticsMeta(analytics: ShellAnalytics | null | undefined): string {
  if (!analytics) return '';
  const content = JSON.stringify({ provider: analytics.provider, url: analytics.url, site: analytics.siteId });
  return `<meta name="${ANALYTICS_META}" content="${escapeHtml(content)}" />`;
}

/**
 * The built app's pages (the residents' index.html, the back office's admin/admin.html, the
 * craftsman's auftrag/auftrag.html) and the PWA
 * manifest with APP_NAME filled in, rendered once at start: the apps read their product name from
 * `<meta name="application-name">`, and an installed app carries it as its name. Null when a file
 * is missing.
 */
export function renderWebShell(
  dist: string,
  appName: string,
  analytics?: ShellAnalytics | null,
): { html: string | null; adminHtml: string | null; craftsmanHtml: string | null; manifest: string | null } {
  const read = (file: string) => {
    const p = path.join(dist, file);
    return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : null;
  };
  const fill = (file: string) => read(file)?.replace(APP_NAME_MARKER, escapeHtml(appName)) ?? null;
  // The residents' app and the back office count page views when the operator turned it on; the
  // craftsman's page, whose address is a secret, never does.
  const meta = analyticsMeta(analytics);
  const withMeta = (page: string | null) => (page && meta ? page.replace('</head>', `${meta}\n</head>`) : page);
  const html = withMeta(fill('index.html'));
  const adminHtml = withMeta(fill(ADMIN_SHELL));
  const craftsmanHtml = fill(CRAFTSMAN_SHELL);
  const rawManifest = read('manifest.webmanifest');
  let manifest: string | null = null;
  if (rawManifest) {
    // Home screens cut names after about 12 characters; a longer name gives its first word.
    const shortName = appName.length <= 12 ? appName : appName.split(/\s+/)[0]!.slice(0, 12);
    manifest = JSON.stringify({ ...JSON.parse(rawManifest), name: appName, short_name: shortName });
  }
  return { html, adminHtml, craftsmanHtml, manifest };
}
